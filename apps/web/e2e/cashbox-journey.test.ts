import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import path from 'node:path'
import { ARTIFACTS, axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, registerPlayer } from './players.ts'

const base = inject('baseURL')

/** What the window shows (the cashier over the page), not the whole page. */
const windowShot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) })

async function balanceIs(page: Page, text: string) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/\s+/g, ' ') ===
      expected,
    text,
  )
}

/** A new player registered from the page's origin, in variant A (no profile-completion modal), notices answered. */
async function newPlayer(page: Page, currency: string) {
  await page.goto(base + '/', { waitUntil: 'networkidle' })
  await answerNotices(page)
  await registerPlayer(page, base, { email: `cashbox.${currency}.${Date.now()}@example.com`, currency })
  await page.reload({ waitUntil: 'networkidle' })
}

describe('the cashbox', () => {
  it('deposits 100 EUR by card through 3-D Secure, withdraws 40 and recalls the withdrawal', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'cashbox-failed').catch(() => undefined))
    try {
      await newPlayer(page, 'EUR')
      await balanceIs(page, '0.00 EUR')

      // The header's Deposit is the one-click deposit (/deposit-fast); with nothing saved yet it
      // opens at the method step with the first deposit suggestion, 50 EUR (spec §9).
      const cashier = page.getByRole('dialog', { name: /cashier/i })
      // The offered deposit methods are logged, and the card payment gets its fraud check (spec §7).
      const methodsLogged = page.waitForResponse((r) => r.url().endsWith('/log-payments-dep'))
      const fraudChecked = page.waitForResponse((r) => r.url().endsWith('/api/users/transaction'))
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await page.waitForURL(/\/deposit-fast$/)
      await cashier.getByRole('radio', { name: /^card/i }).waitFor()
      expect(await cashier.getByRole('radio', { name: /^card/i }).isChecked()).toBe(true)
      // Each method with our own logo and its limits in its currency.
      await cashier
        .getByText(/min 10\.00 EUR, max 5,000\.00 EUR/i)
        .first()
        .waitFor()
      expect((await methodsLogged).status()).toBe(204)
      expect(await axe(page)).toEqual([])
      await windowShot(page, 'cashbox-methods')
      await cashier.getByRole('button', { name: /^back$/i }).click()
      const amount = cashier.getByLabel(/amount in eur/i)
      expect(await amount.inputValue()).toBe('50.00')
      expect(await cashier.getByRole('img', { name: /^card$/i }).count()).toBe(1)
      // "1e3" is refused with its reason (it once became 13 EUR); nothing is cut silently.
      await amount.fill('1e3')
      await cashier.getByText(/not 1e3/i).waitFor()
      await windowShot(page, 'cashbox-amount-1e3')
      expect(await cashier.getByRole('button', { name: /continue/i }).isDisabled()).toBe(true)
      expect(await amount.inputValue()).toBe('1e3')
      await amount.fill('12,50')
      await cashier.getByText(/use “\.” for decimals/i).waitFor()
      await amount.fill('100')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByLabel(/card number/i).fill('4000 0000 0000 3220')
      // The expiry is masked as it is typed: 1230 shows 12/30; month 13 is refused at once.
      const expiry = cashier.getByLabel(/expiry date/i)
      expect(await expiry.getAttribute('inputmode')).toBe('numeric')
      expect(await expiry.getAttribute('autocomplete')).toBe('cc-exp')
      await expiry.pressSequentially('13')
      await cashier.getByText(/month must be from 01 to 12/i).waitFor()
      await expiry.fill('1230')
      expect(await expiry.inputValue()).toBe('12/30')
      expect(await cashier.getByText(/month must be/i).count()).toBe(0)
      await cashier.getByLabel(/security code/i).fill('123')
      await cashier.getByLabel(/cardholder name/i).fill('Ana Lind')
      await cashier.getByRole('button', { name: /deposit 100\.00 eur/i }).click()
      expect((await fraudChecked).status()).toBe(200)
      await page.waitForURL(/\/payments\/sandbox\/3ds\//)
      await screenshot(page, 'cashbox-3ds')
      await page.getByRole('button', { name: /approve/i }).click()
      await page.getByText(/your deposit was successful/i).waitFor()
      await balanceIs(page, '100.00 EUR')

      // Withdraw 40: pending and recallable, the money held.
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('tab', { name: /withdraw/i }).click()
      await cashier.getByLabel(/amount in eur/i).fill('40')
      await cashier.getByRole('button', { name: /continue/i }).click()
      // The card saved by the deposit comes first ('Saved card', then 'Another methods'), selected.
      await cashier.getByText(/^saved card$/i).waitFor()
      expect(await cashier.getByRole('radio', { name: /400000\*{6}3220/ }).isChecked()).toBe(true)
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /request withdrawal/i }).click()
      await cashier.getByText(/withdrawal request was received/i).waitFor()
      await balanceIs(page, '60.00 EUR')

      // Recall from the requests list: the balance is whole again.
      await cashier.getByRole('tab', { name: /requests and history/i }).click()
      await cashier.getByRole('button', { name: /^recall$/i }).click()
      await page.getByText(/the withdrawal was recalled/i).waitFor()
      await balanceIs(page, '100.00 EUR')
      await screenshot(page, 'cashbox-recalled')
      await cashier.getByRole('button', { name: /close/i }).last().click()
      await cashier.waitFor({ state: 'detached' })

      // The one-click deposit from the header: the last deposit's 100 EUR and the saved card at
      // once, which asks only for its security code; one button pays (3-D Secure still follows).
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await page.waitForURL(/\/deposit-fast$/)
      await cashier.getByRole('heading', { name: /one-click deposit/i }).waitFor()
      expect(await cashier.getByLabel(/amount in eur/i).inputValue()).toBe('100.00')
      await cashier.getByText(/400000\*{6}3220/).waitFor()
      expect(await cashier.getByLabel(/card number/i).count()).toBe(0)
      await cashier.getByRole('button', { name: /other methods or amounts/i }).waitFor()
      await cashier.getByRole('button', { name: /deposit 100\.00 eur/i }).waitFor()
      expect(await axe(page)).toEqual([])
      await page.setViewportSize({ width: 1280, height: 720 })
      await windowShot(page, 'cashbox-fast-1280')
      await page.setViewportSize({ width: 390, height: 844 })
      await windowShot(page, 'cashbox-fast-390')
      await page.setViewportSize({ width: 1280, height: 720 })
      await cashier.getByLabel(/amount in eur/i).fill('50')
      await cashier.getByLabel(/security code/i).fill('123')
      await cashier.getByRole('button', { name: /deposit 50\.00 eur/i }).click()
      await page.waitForURL(/\/payments\/sandbox\/3ds\//)
      await page.getByRole('button', { name: /approve/i }).click()
      await page.getByText(/your deposit was successful/i).waitFor()
      await balanceIs(page, '150.00 EUR')
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it('credits a BTC deposit once the simulated chain confirms it, shown in micro BTC', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'cashbox-btc-failed').catch(() => undefined))
    try {
      await newPlayer(page, 'BTC')
      await balanceIs(page, '0 µBTC')
      const cashier = page.getByRole('dialog', { name: /cashier/i })
      await page.getByRole('link', { name: /^deposit$/i }).click()
      // Nothing to pay with in one click: the method step, then back to the amount.
      await cashier.getByRole('button', { name: /^back$/i }).click()
      // Typed in the unit it is shown in: 1,000 µBTC (0.001 BTC).
      await cashier.getByLabel(/amount in µbtc/i).fill('1000')
      await cashier.getByRole('button', { name: /continue/i }).click()
      // A crypto wallet opens on the crypto tab: cards with provider, fee, time, verification and Buy.
      await cashier
        .getByText(/processing time/i)
        .first()
        .waitFor()
      await cashier.getByRole('button', { name: /^buy$/i }).first().click()
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="crypto-address"]')?.textContent ?? '').trim().length > 20,
      )
      const address = (await cashier.getByTestId('crypto-address').textContent())!.trim()
      expect(address.length).toBeGreaterThan(20)
      // The chain: a transaction to the address, then the blocks that confirm it (BTC needs 2).
      const credited = await page.evaluate(async (to) => {
        const json = { 'content-type': 'application/json' }
        await fetch('/dev/chain/transactions', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ currency: 'BTC', address: to, amount_cents: 100_000 }),
        })
        const mined = await fetch('/dev/chain/blocks', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ count: 2 }),
        })
        return ((await mined.json()) as { credited: number }).credited
      }, address)
      expect(credited).toBe(1)
      await page.reload({ waitUntil: 'networkidle' })
      await balanceIs(page, '1,000 µBTC')

      // Buying crypto with a card (spec §6): the on-ramp provider's own modal and widget.
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('button', { name: /^back$/i }).click()
      await cashier.getByLabel(/amount in µbtc/i).fill('1000')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier
        .getByRole('listitem')
        .filter({ hasText: /buy crypto with a card/i })
        .getByRole('button', { name: /^buy$/i })
        .click()
      const onramp = page.getByRole('dialog', { name: /buy btc with a card/i })
      const widget = onramp.getByRole('group', { name: /card payment by/i })
      await widget.getByLabel(/card number/i).fill('4242 4242 4242 4242')
      await widget.getByLabel(/expiry date/i).fill('12/30')
      await widget.getByLabel(/security code/i).fill('123')
      await widget.getByLabel(/cardholder name/i).fill('Ana Lind')
      await onramp.getByText(/^45 µBTC$/).waitFor()
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'cashbox-onramp')
      await onramp.getByRole('button', { name: /^buy$/i }).click()
      await onramp.getByText(/your deposit was successful/i).waitFor()
      await balanceIs(page, '2,000 µBTC')
      await onramp
        .getByRole('button', { name: /^close$/i })
        .last()
        .click()
      await onramp.waitFor({ state: 'detached' })
      expect(await cashier.count()).toBe(0)
    } finally {
      await browser.close()
    }
  })

  it('shows a declined card’s error, and refuses an amount outside the bounds in the page and in the api (on a phone)', async () => {
    // The cashier on a phone's screen: the same steps, reachable and readable at 390 px.
    const browser = await launch({ viewport: { width: 390, height: 844 } })
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'cashbox-declined-failed').catch(() => undefined))
    try {
      await newPlayer(page, 'EUR')
      const cashier = page.getByRole('dialog', { name: /cashier/i })
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('button', { name: /^back$/i }).click()
      await cashier.getByLabel(/amount in eur/i).fill('5')
      await cashier.getByText(/must be between 10\.00 EUR and/i).waitFor()
      expect(await cashier.getByRole('button', { name: /continue/i }).isDisabled()).toBe(true)
      const server = await page.evaluate(async () => {
        const res = await fetch('/api/payments/plan', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method_id: 'card', currency: 'EUR', action: 'deposit', amount_cents: 500 }),
        })
        return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]> } }
      })
      expect(server.status).toBe(422)
      expect(server.body.errors?.amount_cents?.[0]).toMatch(/between/i)

      await cashier.getByLabel(/amount in eur/i).fill('25')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /continue/i }).click()
      // A number that is no card is refused next to its field.
      await cashier.getByLabel(/card number/i).fill('1234 5678')
      await cashier.getByLabel(/expiry date/i).fill('12/30')
      await cashier.getByLabel(/security code/i).fill('123')
      await cashier.getByLabel(/cardholder name/i).fill('Ana Lind')
      await cashier.getByRole('button', { name: /deposit 25\.00 eur/i }).click()
      await cashier.getByText(/enter a valid card number/i).waitFor()
      await cashier.getByLabel(/card number/i).fill('4000 0000 0000 0002')
      await cashier.getByLabel(/expiry date/i).fill('12/30')
      await cashier.getByLabel(/security code/i).fill('123')
      await cashier.getByLabel(/cardholder name/i).fill('Ana Lind')
      await cashier.getByRole('button', { name: /deposit 25\.00 eur/i }).click()
      await cashier.getByText(/did not go through/i).waitFor()
      await balanceIs(page, '0.00 EUR')
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'cashbox-mobile-declined')
      // Nothing of the cashier sticks out of the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

      // Without any crypto the crypto tab says what a crypto deposit is and opens a wallet; it
      // becomes the active wallet, and the amount starts again in its unit (never 25 read as mETH).
      await cashier.getByRole('button', { name: /close/i }).last().click()
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('button', { name: /^back$/i }).click()
      await cashier.getByLabel(/amount in eur/i).fill('25')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('tab', { name: /^crypto$/i }).click()
      await cashier.getByRole('heading', { name: /deposit with crypto/i }).waitFor()
      expect(await axe(page)).toEqual([])
      await windowShot(page, 'cashbox-crypto-intro-390')
      await cashier.getByLabel(/open a wallet in/i).selectOption('ETH')
      await cashier.getByRole('button', { name: /^open$/i }).click()
      await balanceIs(page, '0 mETH')
      await cashier.getByText(/your active wallet is now ETH\. enter the amount in mETH/i).waitFor()
      expect(await cashier.getByLabel(/amount in meth/i).inputValue()).not.toBe('25')

      // Back in euros, with crypto wallets and their addresses: the crypto tab explains where
      // crypto deposits go and switches to a crypto wallet (it was an empty tab).
      await cashier.getByRole('button', { name: /close/i }).last().click()
      await page.getByTestId('header-balance').click()
      await page.getByRole('button', { name: /^EUR/ }).click()
      await balanceIs(page, '0.00 EUR')
      await page.getByRole('link', { name: /^deposit$/i }).click()
      await cashier.getByRole('tab', { name: /^crypto$/i }).click()
      await cashier.getByRole('heading', { name: /crypto deposits go to a crypto wallet/i }).waitFor()
      expect(await cashier.getByRole('button', { name: /switch wallet/i }).isEnabled()).toBe(true)
      expect(await axe(page)).toEqual([])
      await windowShot(page, 'cashbox-crypto-switch-390')
    } finally {
      await browser.close()
    }
  })
})
