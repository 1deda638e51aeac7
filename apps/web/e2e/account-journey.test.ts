import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generate } from 'otplib'
import { launch, screenshot, watchConsole } from './browser.ts'

const base = inject('baseURL')
const PASSWORD = 'Golden-Lynx-2048'

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

  it('registers in 4 steps, confirms the e-mail, signs out and signs in again', async () => {
    const email = `journey.${name}.${Date.now()}@example.com`
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    await page.goto(base + '/registration', { waitUntil: 'networkidle' })

    // Step 1: account.
    await page.getByLabel(/^e-?mail$/i).fill(email)
    await page.getByLabel(/^password/i).fill(PASSWORD)
    await page.getByLabel(/terms and conditions/i).check()
    await page.getByRole('button', { name: /create account/i }).click()

    // Step 2: personal details (the phone goes out with a + prefix).
    await page.getByLabel(/first name/i).fill('Ana')
    await page.getByLabel(/last name/i).fill('Lindqvist')
    await page.getByLabel(/date of birth/i).fill('1991-06-15')
    await page.getByLabel(/mobile phone/i).fill('49 151 2345678')
    await page.getByRole('button', { name: /continue/i }).click()

    // Step 3: address.
    await page.getByLabel(/country/i).selectOption('DE')
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

    // Sign out, then sign in on the login page.
    await page.getByRole('button', { name: /log out/i }).click()
    await page.getByRole('link', { name: /sign up/i }).waitFor()
    await page.goto(base + '/login', { waitUntil: 'networkidle' })
    const form = page.locator('main form')
    await form.getByLabel(/^e-?mail$/i).fill(email)
    await form.getByLabel(/password/i).fill('not-the-password')
    await form.getByRole('button', { name: /^log in$/i }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid e-?mail or password/i })
      .waitFor()
    await form.getByLabel(/password/i).fill(PASSWORD)
    await form.getByRole('button', { name: /^log in$/i }).click()
    await page.getByRole('button', { name: /log out/i }).waitFor()
    await page.waitForURL(base + '/')
    // The login route is for guests: a signed-in player goes to main.
    await page.goto(base + '/login')
    await page.waitForURL(base + '/')
    // Expected 4xx answers (the wrong password) show up as failed resource loads; nothing else may.
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    await page.close()
  })
})

describe('a restricted-country guest', () => {
  it('is sent from registration and login to main with the spec toasts', async () => {
    const us = await launch({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } })
    try {
      const page = await us.context.newPage()
      await page.goto(base + '/guest/registration', { waitUntil: 'networkidle' })
      expect(new URL(page.url()).pathname).toBe('/guest')
      await page.getByText('Registration restricted in your country').waitFor()
      await page.goto(base + '/guest/login', { waitUntil: 'networkidle' })
      await page.getByText('Login not available in your country').waitFor()
    } finally {
      await us.close()
    }
  })
})

describe('a player with two-factor authentication', () => {
  it('signs in with a code from the authenticator app after the password', async () => {
    const browser = await launch()
    try {
      const email = `totp.${Date.now()}@example.com`
      const page = await browser.context.newPage()
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      // Account and 2FA set up through the api from the page's own origin (the screens for it come next).
      const secret = await page.evaluate(
        async (user) => {
          const json = { 'content-type': 'application/json' }
          await fetch('/api/users', { method: 'POST', headers: json, body: JSON.stringify({ user }) })
          const setup = (await (await fetch('/api/v2/player/two_factor')).json()) as { otp_secret: string }
          return setup.otp_secret
        },
        { email, password: PASSWORD, terms_acceptance: true },
      )
      const enabled = await page.evaluate(
        async ({ secret, code }) => {
          const res = await fetch('/api/v2/player/two_factor', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ two_factor: { otp_secret: secret, authentication_code: code } }),
          })
          await fetch('/api/users/sign_out', { method: 'DELETE' })
          return res.status
        },
        { secret, code: await generate({ secret }) },
      )
      expect(enabled).toBe(200)
      await page.goto(base + '/login', { waitUntil: 'networkidle' })
      const form = page.locator('main form')
      await form.getByLabel(/^e-?mail$/i).fill(email)
      await form.getByLabel(/password/i).fill(PASSWORD)
      await form.getByRole('button', { name: /^log in$/i }).click()
      const codeField = page.locator('main form').getByLabel(/^code$/i)
      await codeField.waitFor()
      // The next step's code: the current one was spent turning 2FA on.
      await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
      await page
        .locator('main form')
        .getByRole('button', { name: /verify/i })
        .click()
      await page.getByRole('button', { name: /log out/i }).waitFor()
      await page.waitForURL(base + '/')
    } finally {
      await browser.close()
    }
  })
})
