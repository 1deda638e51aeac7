import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { startServer, type ServerProcess } from '../../../scripts/server-process.ts'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, firstSlot, registerPlayer } from './players.ts'

// A server of its own whose change delay is 30 s instead of 24 h, and whose clock the journey moves
// past it (TEST_CLOCK: POST /dev/clock) rather than waiting.
const DELAY_S = 30
let server: ServerProcess
let base: string
beforeAll(async () => {
  server = await startServer({
    NODE_ENV: 'test',
    LIMIT_CHANGE_DELAY_HOURS: String(DELAY_S / 3600),
    TEST_CLOCK: 'true',
  })
  await server.ready()
  base = server.base
}, 120_000)
afterAll(() => server?.stop())

async function newPlayer(page: Page, email: string) {
  await page.goto(base + '/', { waitUntil: 'networkidle' })
  await answerNotices(page)
  await registerPlayer(page, base, { email, currency: 'EUR' })
  await page.reload({ waitUntil: 'networkidle' })
}

async function balanceIs(page: Page, text: string) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/\s+/g, ' ') ===
      expected,
    text,
  )
}

/** A card deposit through the cashier (a card without 3-D Secure); resolves with the cashier. */
async function deposit(page: Page, amount: string) {
  const cashier = page.getByRole('dialog', { name: /cashier/i })
  await page.getByRole('link', { name: /^deposit$/i }).click()
  // The header's Deposit is the one-click deposit (a saved card) or, with nothing saved, the
  // method step: either way back to the amount.
  await cashier.getByRole('button', { name: /^(other methods or amounts|back)$/i }).click()
  await cashier.getByLabel(/amount in eur/i).fill(amount)
  await cashier.getByRole('button', { name: /continue/i }).click()
  await cashier.getByRole('button', { name: /continue/i }).click()
  // The saved card asks only for its security code; a new one for everything.
  await cashier.getByLabel(/security code/i).waitFor()
  const number = cashier.getByLabel(/card number/i)
  if (await number.count()) {
    await number.fill('4242 4242 4242 4242')
    await cashier.getByLabel(/expiry date/i).fill('12/30')
    await cashier.getByLabel(/cardholder name/i).fill('Ana Lind')
  }
  await cashier.getByLabel(/security code/i).fill('123')
  await cashier.getByRole('button', { name: new RegExp(`deposit ${amount}\\.00 eur`, 'i') }).click()
  return cashier
}

async function closeCashier(page: Page) {
  const cashier = page.getByRole('dialog', { name: /cashier/i })
  await cashier.getByRole('button', { name: /close/i }).last().click()
  await cashier.waitFor({ state: 'detached' })
}

/** The limit item of a kind on the limits page. */
const limitItem = (page: Page, name: RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })

describe('responsible-gambling limits in the browser', () => {
  it('refuses a deposit over a limit of 50; a raise waits for the e-mailed link and the delay', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'limits-deposit-failed').catch(() => undefined))
    const email = `limits.deposit.${Date.now()}@example.com`
    try {
      await newPlayer(page, email)
      await page.goto(`${base}/users/limits`, { waitUntil: 'networkidle' })
      await page.getByRole('heading', { name: /your limits/i }).waitFor()
      // The configured delay (30 s on this server) rounds to 0 hours; 24 elsewhere.
      await page.getByText(/and a 0-hour cooling-off delay has passed/i).waitFor()
      expect(await axe(page)).toEqual([])

      // A deposit limit of 50 EUR a day: applies at once.
      const form = page.getByRole('region', { name: /set a limit/i })
      await form.getByLabel(/^limit$/i).selectOption('deposit')
      await form.getByLabel(/^period$/i).selectOption('day')
      // Each mistake has its own message (not "greater than zero" for all).
      const amountField = form.getByLabel(/amount \(eur\)/i)
      const save = form.getByRole('button', { name: /save limit/i })
      for (const [typed, message] of [
        ['', /^enter an amount\.$/i],
        ['1e3', /enter the amount as a number/i],
        ['0', /greater than zero/i],
      ] as const) {
        await amountField.fill(typed)
        await save.click()
        await form.getByText(message).waitFor()
      }
      await amountField.fill('50')
      await form.getByRole('button', { name: /save limit/i }).click()
      const item = limitItem(page, /deposit limit · per day/i)
      await item.getByText(/0\.00 EUR of 50\.00 EUR used/).waitFor()
      await screenshot(page, 'limits-set')

      // 60 is refused with a clear message; the balance stays 0.
      const cashier = await deposit(page, '60')
      await cashier.getByText(/you can deposit up to 50\.00 EUR more until/i).waitFor()
      await screenshot(page, 'limits-deposit-refused')
      await closeCashier(page)
      await balanceIs(page, '0.00 EUR')
      await page.goto(`${base}/users/limits`, { waitUntil: 'networkidle' })

      // Raised to 100: it waits for the e-mailed link, the limit in force stays 50.
      await item.getByRole('button', { name: /^change$/i }).click()
      const change = page.getByRole('region', { name: /change a limit/i })
      await change.getByLabel(/amount \(eur\)/i).fill('100')
      await change.getByRole('button', { name: /save limit/i }).click()
      const raisedAt = Date.now()
      await item.getByText(/change waiting for your confirmation/i).waitFor()
      await item.getByText(/asked to change to 100\.00 EUR per day/i).waitFor()
      await item.getByText(/0\.00 EUR of 50\.00 EUR used/).waitFor()
      await screenshot(page, 'limits-raise-waiting')
      await deposit(page, '60')
      await page.getByText(/you can deposit up to 50\.00 EUR more/i).waitFor()
      await closeCashier(page)

      // The e-mailed link confirms it; still 50 until the delay has passed.
      await page.goto(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)
      const href = await page
        .locator('article a[href*="/profile/limits/confirm?token="]')
        .first()
        .getAttribute('href')
      const link = new URL(href!)
      await page.goto(base + link.pathname + link.search, { waitUntil: 'networkidle' })
      await page.getByText(/your change is confirmed/i).waitFor()
      expect(await axe(page)).toEqual([])
      await page.getByRole('link', { name: /go to my limits/i }).click()
      await page.getByRole('heading', { name: /your limits/i }).waitFor()
      const confirmed = limitItem(page, /deposit limit · per day/i)
      // (Unless this machine took the whole delay to get here.)
      if (Date.now() - raisedAt < (DELAY_S - 5) * 1_000) {
        await confirmed.getByText(/0\.00 EUR of 50\.00 EUR used/).waitFor()
        await confirmed.getByText(/change confirmed/i).waitFor()
        await confirmed.getByText(/takes effect in 0 h 1 min/i).waitFor()
      }

      // Once the delay is over the limit is 100, and 60 goes through: the server's clock moves past it.
      const moved = await fetch(`${base}/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_ms: Math.max(0, raisedAt + DELAY_S * 1_000 + 1_000 - Date.now()) }),
      })
      expect(moved.status).toBe(200)
      await page.reload({ waitUntil: 'networkidle' })
      await confirmed.getByText(/0\.00 EUR of 100\.00 EUR used/).waitFor()
      await expect.poll(() => confirmed.getByText(/waiting|confirmed/i).count()).toBe(0)
      await deposit(page, '60')
      await page.getByText(/your deposit was successful/i).waitFor()
      await balanceIs(page, '60.00 EUR')
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
    } finally {
      await browser.close()
    }
  }, 120_000)

  it('self-excludes: real-money games and deposits are blocked, a withdrawal still works', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'limits-exclusion-failed').catch(() => undefined))
    // The page's clock runs on its own, and is moved forward instead of waiting for the toasts' 10 s.
    await page.clock.install()
    try {
      await newPlayer(page, `limits.exclusion.${Date.now()}@example.com`)
      await deposit(page, '100')
      await page.getByText(/your deposit was successful/i).waitFor()
      await balanceIs(page, '100.00 EUR')
      await closeCashier(page).catch(() => undefined)

      await page.goto(`${base}/users/limits`, { waitUntil: 'networkidle' })
      const brk = page.getByRole('region', { name: /take a break/i })
      await brk.getByRole('radio', { name: /self-exclusion/i }).check()
      await brk.getByLabel(/for how long/i).selectOption('month_6')
      // Not without ticking that it cannot be undone.
      await brk.getByRole('button', { name: /exclude myself/i }).click()
      await brk.getByText(/please confirm that you understand/i).waitFor()
      await brk.getByLabel(/i understand that i cannot sign in/i).check()
      await brk.getByRole('button', { name: /exclude myself/i }).click()
      await page.getByRole('heading', { name: /^self-exclusion$/i }).waitFor()
      await page.getByText(/deposits and real-money play are blocked until/i).waitFor()
      expect(await brk.count()).toBe(0)
      await screenshot(page, 'limits-self-excluded')
      expect(await axe(page)).toEqual([])

      // A real-money game: the guard sends the player back to the limits, with the warning that stays.
      const slot = await firstSlot(page)
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'networkidle' })
      await page.waitForURL(/\/users\/limits$/)
      const warning = page.getByText(/a limit you set has been reached/i)
      await warning.waitFor()
      await page.clock.fastForward(11_000)
      expect(await warning.isVisible()).toBe(true)

      // A deposit is refused with the reason.
      await deposit(page, '20')
      await page.getByText(/deposits and play are blocked until/i).waitFor()
      await closeCashier(page)
      await balanceIs(page, '100.00 EUR')

      // A withdrawal goes through.
      const cashier = page.getByRole('dialog', { name: /cashier/i })
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('tab', { name: /withdraw/i }).click()
      await cashier.getByLabel(/amount in eur/i).fill('40')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /request withdrawal/i }).click()
      await cashier.getByText(/withdrawal request was received/i).waitFor()
      await balanceIs(page, '60.00 EUR')
    } finally {
      await browser.close()
    }
  }, 120_000)
})
