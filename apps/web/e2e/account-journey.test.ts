import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { generate } from 'otplib'
import { AB_TEST_GROUPS } from '@aurum/shared'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, PASSWORD, registerPlayer } from './players.ts'

const base = inject('baseURL')
const NEW_PASSWORD = 'Silver-Heron-4096'

async function signOut(page: Page) {
  // On a phone's screen sign-out is in the burger menu.
  const logOut = page.getByRole('button', { name: /log out/i }).filter({ visible: true })
  if (!(await logOut.count())) await page.getByRole('button', { name: /^menu$/i }).click()
  await logOut.click()
  await page.getByRole('link', { name: /sign up/i }).waitFor()
}

/** Signed in: the header's Deposit button is there (on every screen size). */
async function signedIn(page: Page) {
  await page.getByRole('link', { name: /^deposit$/i }).waitFor()
}

/** Fills and sends the login page's form. */
async function fillLogin(page: Page, email: string, password: string) {
  const form = page.locator('main form')
  await form.getByLabel(/^e-?mail$/i).fill(email)
  await form.getByLabel(/password/i).fill(password)
  await form.getByRole('button', { name: /^log in$/i }).click()
}

/** The newest e-mail to an address, from the development outbox page. */
async function lastMailLink(page: Page, email: string, param: string): Promise<string> {
  await page.goto(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)
  const href = await page.locator(`article a[href*="${param}="]`).first().getAttribute('href')
  return new URL(href!).pathname + new URL(href!).search
}

describe.each([
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
])('a new player on %s', (name, viewport) => {
  let browser: Awaited<ReturnType<typeof launch>>
  beforeAll(async () => {
    browser = await launch({ viewport })
  })
  afterAll(() => browser.close())

  it('registers in 4 steps, confirms the e-mail, signs in, turns on 2FA, signs in with a code, resets the password', async () => {
    const email = `journey.${name}.${Date.now()}@example.com`
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    // What the page showed when a step failed, for the test report.
    onTestFailed(() => screenshot(page, `journey-failed-${name}`))
    // 'load', not 'networkidle': the captcha's proof of work starts with the page and, on a busy
    // machine, its worker and challenge requests can keep the network from settling for long.
    await page.goto(base + '/registration', { waitUntil: 'load' })
    await answerNotices(page)

    // Step 1: account.
    await page.getByLabel(/^e-?mail$/i).fill(email)
    await page.getByLabel(/^password/i).fill(PASSWORD)
    await page.getByLabel(/terms and conditions/i).check()
    await page.getByRole('button', { name: /create account/i }).click()

    // Step 2: personal details (the phone goes out with a + prefix).
    await page.getByLabel(/first name/i).fill('Ana')
    await page.getByLabel(/last name/i).fill('Lindqvist')
    // A date in the future is a typo, not a minor: it has its own message.
    await page.getByLabel(/date of birth/i).fill('2099-06-15')
    await page.getByRole('button', { name: /continue/i }).click()
    await page.getByText(/^enter your real date of birth\.$/i).waitFor()
    await page.getByLabel(/date of birth/i).fill('1991-06-15')
    await page.getByLabel(/country calling code/i).selectOption('DE')
    await page.getByLabel(/^phone number$/i).fill('151 23456789')
    await page.getByRole('button', { name: /continue/i }).click()

    // Step 3: address.
    await page.getByLabel(/^country$/i).selectOption('DE')
    await page.getByLabel(/address/i).fill('Unter den Linden 1')
    await page.getByLabel(/postal code/i).fill('10117')
    await page.getByLabel(/city/i).fill('Berlin')
    await page.getByRole('button', { name: /continue/i }).click()

    // Step 4: thank-you; signed in, with the status prefix and the unconfirmed-email notice.
    await page.getByText(/welcome to aurum casino/i).waitFor()
    await screenshot(page, `registration-done-${name}`)
    if (name === 'desktop')
      expect(await page.locator('header').textContent()).toContain('[Bronze] Ana Lindqvist')
    expect(await page.locator('header').textContent()).toMatch(/confirm your e-?mail/i)

    // The confirmation link from the outbox.
    const link = await lastMailLink(page, email, 'confirmation_token')
    await page.goto(base + link)
    await page.getByRole('heading', { name: /e-?mail confirmed/i }).waitFor()
    expect(await page.locator('header').textContent()).not.toMatch(/confirm your e-?mail/i)
    // The same link again: already confirmed (not "expired"), and the next step is to play.
    await page.goto(base + link)
    await page.getByRole('heading', { name: /already confirmed/i }).waitFor()
    await page.getByRole('link', { name: /start playing/i }).waitFor()
    expect(await axe(page)).toEqual([])
    await screenshot(page, `already-confirmed-${name}`)

    // Sign out, then sign in on the login page.
    await signOut(page)
    await page.goto(base + '/login', { waitUntil: 'networkidle' })
    await fillLogin(page, email, 'not-the-password')
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid e-?mail or password/i })
      .waitFor()
    await fillLogin(page, email, PASSWORD)
    await signedIn(page)
    await page.waitForURL(base + '/')
    // The login route is for guests: a signed-in player goes to main.
    await page.goto(base + '/login')
    await page.waitForURL(base + '/')

    // Two-factor authentication, set up on the security page.
    await page.goto(base + '/users/security', { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /^set up$/i }).click()
    const secret = (await page.getByTestId('otp-secret').textContent())!.replace(/\s/g, '')
    const twoFactor = page.locator('section', { has: page.getByRole('heading', { name: /two-factor/i }) })
    await twoFactor.getByLabel(/^code$/i).fill(await generate({ secret }))
    await twoFactor.getByLabel(/current password/i).fill(PASSWORD)
    await twoFactor.getByRole('button', { name: /turn on/i }).click()
    await page.getByTestId('backup-codes').waitFor()
    const backupCodes = await page.getByTestId('backup-codes').locator('li').allTextContents()
    expect(backupCodes.length).toBeGreaterThanOrEqual(8)
    await screenshot(page, `two-factor-on-${name}`)
    await page.getByRole('button', { name: /saved them/i }).click()
    await twoFactor.getByText(/^on$/i).waitFor()
    // New backup codes in place of those (a backup code vouches for it): the first ones stop working.
    const renewal = twoFactor.locator('form[aria-labelledby="backup-codes-title"]')
    await renewal.getByTestId('backup-codes-left').getByText(/10/).waitFor()
    await renewal.getByLabel(/^code$/i).fill(backupCodes[1]!)
    await renewal.getByLabel(/current password/i).fill(PASSWORD)
    await renewal.getByRole('button', { name: /new backup codes/i }).click()
    await page.getByTestId('backup-codes').waitFor()
    const renewedCodes = await page.getByTestId('backup-codes').locator('li').allTextContents()
    expect(renewedCodes).toHaveLength(10)
    for (const c of renewedCodes) expect(c).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)
    await page.getByRole('button', { name: /saved them/i }).click()
    await renewal.getByTestId('backup-codes-left').getByText(/10/).waitFor()

    // Sign out; sign in again with the password and then a code from the app.
    await signOut(page)
    await page.goto(base + '/login', { waitUntil: 'networkidle' })
    await fillLogin(page, email, PASSWORD)
    const codeField = page.locator('main form').getByLabel(/^code$/i)
    await codeField.waitFor()
    // The next step's code: the current one was spent turning 2FA on.
    await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
    await page
      .locator('main form')
      .getByRole('button', { name: /verify/i })
      .click()
    await signedIn(page)

    // Forgotten password: the reminder popup, the e-mailed link, a new password (and a backup code).
    await signOut(page)
    await page.goto(base + '/login', { waitUntil: 'networkidle' })
    await page.getByRole('link', { name: /forgot your password/i }).click()
    const reminder = page.getByRole('dialog', { name: /reset your password/i })
    await reminder.getByLabel(/^e-?mail$/i).fill(email)
    await reminder.getByRole('button', { name: /send the link/i }).click()
    await reminder.getByText(/is on its way/i).waitFor()
    const resetLink = await lastMailLink(page, email, 'reset_password_token')
    await page.goto(base + resetLink, { waitUntil: 'networkidle' })
    const newPassword = page.getByRole('dialog', { name: /choose a new password/i })
    await newPassword.getByLabel(/^new password/i).fill(NEW_PASSWORD)
    await newPassword.getByLabel(/password confirmation/i).fill(NEW_PASSWORD)
    await newPassword.getByRole('button', { name: /save the new password/i }).click()
    // Two-factor authentication stays in force after a reset: a backup code completes it.
    const resetCode = newPassword.getByLabel(/^code$/i)
    await resetCode.fill(renewedCodes[0]!)
    await newPassword.getByRole('button', { name: /verify/i }).click()
    await signedIn(page)
    await page.getByText(/password was changed/i).waitFor()

    // The old password no longer works.
    await signOut(page)
    await page.goto(base + '/login', { waitUntil: 'networkidle' })
    await fillLogin(page, email, PASSWORD)
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid e-?mail or password/i })
      .waitFor()
    // Expected 4xx answers (the wrong passwords) show up as failed resource loads; nothing else may.
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    await page.close()
  })
})

describe('a restricted-country guest', () => {
  it('is sent from registration, login and the game page to main with the spec toasts', async () => {
    const us = await launch({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } })
    try {
      const page = await us.context.newPage()
      await page.goto(base + '/guest/registration', { waitUntil: 'networkidle' })
      expect(new URL(page.url()).pathname).toBe('/guest')
      await page.getByText('Registration restricted in your country').waitFor()
      await page.goto(base + '/guest/login', { waitUntil: 'networkidle' })
      await page.getByText('Login not available in your country').waitFor()
      // No game page either: the guard sends them to main before anything loads.
      await page.goto(base + '/guest/play/aurum/golden-reels', { waitUntil: 'networkidle' })
      expect(new URL(page.url()).pathname).toBe('/guest')
    } finally {
      await us.close()
    }
  })
})

describe('the game route for other guests', () => {
  it('passes the guard and answers not found for a game the catalogue does not have', async () => {
    const browser = await launch()
    try {
      const page = await browser.context.newPage()
      const res = await page.goto(base + '/play/aurum/golden-reels', { waitUntil: 'networkidle' })
      expect(res?.status()).toBe(404)
      expect(new URL(page.url()).pathname).toBe('/play/aurum/golden-reels')
    } finally {
      await browser.close()
    }
  })
})

describe('the account pages on a direct load', () => {
  it('shows the saved country, a phone code that follows it, and a 404 inside the account for an unknown page', async () => {
    // No geo header: the visitor's country is unknown, so the phone code starts at the fallback.
    const browser = await launch()
    try {
      const page = await browser.context.newPage()
      const problems = watchConsole(page)
      onTestFailed(() => screenshot(page, 'account-direct-load-failed').catch(() => undefined))
      // A guest is sent to registration, as from every account page.
      await page.goto(base + '/users/nope')
      await page.waitForURL(`${base}/registration?redirect=${encodeURIComponent('/users/nope')}`)
      await registerPlayer(page, base, { email: `direct.${Date.now()}@example.com` })

      // The phone code follows the country saved in the details card (it stayed at +7 before).
      await page.goto(base + '/users', { waitUntil: 'networkidle' })
      const phone = page.locator('section', { has: page.getByRole('heading', { name: /mobile phone/i }) })
      expect(await phone.getByLabel(/country calling code/i).inputValue()).toBe('RU')
      const details = page.locator('section', {
        has: page.getByRole('heading', { name: /personal details/i }),
      })
      await details.getByLabel(/first name/i).fill('Léa')
      await details.getByLabel(/last name/i).fill('Tremblay')
      await details.getByLabel(/date of birth/i).fill('1990-05-04')
      await details.getByLabel(/^country$/i).selectOption('CA')
      await details.getByLabel(/address/i).fill('1 Rue Sainte-Catherine')
      await details.getByLabel(/postal code/i).fill('H2X 1K4')
      await details.getByLabel(/city/i).fill('Montréal')
      await details.getByRole('button', { name: /save/i }).click()
      await page.getByText(/your details were saved/i).waitFor()
      await page.waitForFunction(
        () =>
          (document.querySelector('select[aria-label="Country calling code"]') as HTMLSelectElement)
            ?.value === 'CA',
      )

      // A direct load: the server renders the saved country, and it stays chosen after hydration.
      const answer = await page.goto(base + '/users', { waitUntil: 'networkidle' })
      const html = await answer!.text()
      expect(html).toMatch(
        /<select[^>]*autocomplete="country"[^>]*>(?:(?!<\/select>).)*<option value="CA" selected=""/is,
      )
      expect(await details.getByLabel(/^country$/i).inputValue()).toBe('CA')
      expect(await details.getByLabel(/address/i).inputValue()).toBe('1 Rue Sainte-Catherine')
      // The calling-code select comes with the six primary countries and the chosen one (Canada),
      // the whole list once the player goes to it.
      const codes = /<select aria-label="Country calling code">(.*?)<\/select>/s.exec(html)![1]!
      expect(codes.match(/<option /g)).toHaveLength(7)
      expect(codes).toMatch(/<option value="CA" selected="">Canada \(\+1\)<\/option>/)
      const callingCodes = phone.getByLabel(/country calling code/i)
      await callingCodes.focus()
      await expect.poll(() => callingCodes.locator('option').count()).toBeGreaterThan(200)
      expect(await callingCodes.inputValue()).toBe('CA')
      // The number under its mask (and the phone library) arrive once the player is in the field.
      await phone.getByLabel(/^phone number$/i).fill('2042345678')
      await expect.poll(() => phone.getByLabel(/^phone number$/i).inputValue()).toBe('204 234 567 8')
      await phone.getByRole('button', { name: /add phone/i }).click()
      await page.getByText(/phone was added/i).waitFor()
      await phone.getByText('+12042345678').waitFor()

      expect(problems).toEqual([])
      // An unknown account page: 404 (the one error the console reports), the not-found page
      // inside the account layout.
      const missing = await page.goto(base + '/users/nope', { waitUntil: 'networkidle' })
      expect(missing!.status()).toBe(404)
      await page.getByRole('heading', { name: /page not found/i }).waitFor()
      await page.getByRole('navigation', { name: /profile sections/i }).waitFor()
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'users-not-found')
      expect(problems).toEqual([
        'error: Failed to load resource: the server responded with a status of 404 (Not Found)',
      ])
    } finally {
      await browser.close()
    }
  })
})

describe('variant B of the profile-completion experiment', () => {
  it('asks a player with missing details to complete the profile; wallets in the header; the profile pages pass axe', async () => {
    const browser = await launch()
    try {
      const email = `variant.b.${Date.now()}@example.com`
      const page = await browser.context.newPage()
      const problems = watchConsole(page)
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      // Registered through the api from the page's origin; then into variant B.
      await registerPlayer(page, base, { email, group: AB_TEST_GROUPS.b })
      await page.reload({ waitUntil: 'networkidle' })
      const dialog = page.getByRole('dialog', { name: /complete your profile/i })
      await dialog.getByLabel(/first name/i).fill('Mia')
      await dialog.getByLabel(/last name/i).fill('Tamm')
      await dialog.getByLabel(/date of birth/i).fill('1988-02-29')
      await dialog.getByLabel(/country calling code/i).selectOption('EE')
      await dialog.getByLabel(/^phone number$/i).fill('5123 4567')
      await dialog.getByLabel(/^country$/i).selectOption('EE')
      await dialog.getByLabel(/address/i).fill('Narva mnt 7')
      await dialog.getByLabel(/postal code/i).fill('10117')
      await dialog.getByLabel(/city/i).fill('Tallinn')
      await dialog.getByRole('button', { name: /^save$/i }).click()
      await page.getByText(/your details were saved/i).waitFor()
      await dialog.waitFor({ state: 'detached' })

      // The header balance: the EUR wallet; a BTC wallet opened from the wallet menu shows in micro BTC.
      const balance = page.getByTestId('header-balance')
      expect(await balance.textContent()).toMatch(/^0\.00\s*EUR$/)
      await balance.click()
      await page.getByLabel(/open a wallet in/i).selectOption('BTC')
      await page.getByRole('button', { name: /^open$/i }).click()
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="header-balance"]')?.textContent?.includes('µBTC'),
      )
      await balance.click()
      await page.getByRole('button', { name: /^EUR/ }).click()
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="header-balance"]')?.textContent?.includes('EUR'),
      )

      await page.goto(base + '/users', { waitUntil: 'networkidle' })
      await page.getByText(/^complete$/i).waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await axe(page)).toEqual([])
      await page.goto(base + '/users/security', { waitUntil: 'networkidle' })
      await page.getByRole('heading', { name: /logged-in devices/i }).waitFor()
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'security-page')
      expect(problems).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
