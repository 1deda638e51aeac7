import fs from 'node:fs/promises'
import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, firstSlot, registerPlayer } from './players.ts'

const base = inject('baseURL')

interface Round {
  round_id: string
  title: string
  total_bets: number
  total_wins: number
  balance_after_cents: number | null
  fairness: { server_seed_hash: string; client_seed: string; nonce: number; verify_url: string } | null
}

const eur = (cents: number) => `${(cents / 100).toFixed(2)} EUR`

/** A file the browser downloaded from a link of the page: its name and text. */
async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()])
  return { name: file.suggestedFilename(), text: await fs.readFile(await file.path(), 'utf8') }
}

describe('account history', () => {
  it('shows a player’s real rounds with the balance each left, their fairness data, filters and CSV', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'history-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      await registerPlayer(page, base, { email: `history.${Date.now()}@example.com` })
      // Nothing played yet: the page invites to play.
      await page.goto(base + '/users/games-history', { waitUntil: 'load' })
      await page.getByText('You have not played any real-money rounds yet.').waitFor()
      await page.getByRole('link', { name: 'Find a game' }).waitFor()

      await depositByCard(page, 10_000)
      const slot = await firstSlot(page)
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      const game = page.frameLocator('iframe')
      await game.getByRole('button', { name: /^spin$/i }).waitFor()
      for (let i = 0; i < 3; i++) {
        await game.getByRole('button', { name: /^spin$/i }).click()
        await expect
          .poll(() => game.getByRole('button', { name: /^spin$/i }).isEnabled(), { timeout: 15_000 })
          .toBe(true)
      }
      const { rounds, balance } = await page.evaluate(async () => {
        const rounds = (await (await fetch('/api/player/games')).json()) as Round[]
        const accounts = (await (await fetch('/api/player/accounts')).json()) as Array<{
          currency: string
          amount_cents: number
        }>
        return { rounds, balance: accounts.find((a) => a.currency === 'EUR')!.amount_cents }
      })
      expect(rounds).toHaveLength(3)
      // Each round's balance after is the one before it, less the bet, plus the win; the newest is the balance now.
      expect(rounds[0]!.balance_after_cents).toBe(balance)
      let before = 10_000
      for (const round of [...rounds].reverse()) {
        expect(round.balance_after_cents).toBe(before - round.total_bets + round.total_wins)
        before = round.balance_after_cents!
      }

      // The profile area's tab.
      await page.goto(base + '/users', { waitUntil: 'load' })
      await page
        .getByRole('navigation', { name: 'Profile sections' })
        .getByRole('link', { name: 'Game history' })
        .click()
      await page.waitForURL(`${base}/users/games-history`)
      const table = page.getByRole('table', { name: /game rounds/i })
      await table.waitFor()
      const rows = table.locator('tbody > tr:not([hidden])')
      expect(await rows.count()).toBe(3)
      expect(await table.getByTestId('balance-after').allTextContents()).toEqual(
        rounds.map((r) => eur(r.balance_after_cents!)),
      )
      expect(await rows.first().getByRole('rowheader').textContent()).toBe(slot.title)
      expect(await axe(page)).toEqual([])

      // A round's provably fair data, and the game server's verifier for it.
      const details = rows.first().getByRole('button', { name: /^details/i })
      expect(await details.getAttribute('aria-expanded')).toBe('false')
      await details.press('Enter')
      expect(await details.getAttribute('aria-expanded')).toBe('true')
      const fairness = page.locator(`#${await details.getAttribute('aria-controls')}`)
      await fairness.getByText(rounds[0]!.fairness!.server_seed_hash).waitFor()
      await fairness.getByText(rounds[0]!.fairness!.client_seed, { exact: true }).waitFor()
      await fairness.getByText(rounds[0]!.round_id).waitFor()
      const verify = fairness.getByRole('link', { name: /verify this round/i })
      expect(await verify.getAttribute('href')).toBe(rounds[0]!.fairness!.verify_url)
      await screenshot(page, 'history-games')
      const verifier = await browser.context.newPage()
      await verifier.goto(rounds[0]!.fairness!.verify_url, { waitUntil: 'load' })
      await verifier.getByRole('heading', { name: 'Verify a round' }).waitFor()
      expect(await verifier.getByLabel('Nonce', { exact: true }).inputValue()).toBe(
        String(rounds[0]!.fairness!.nonce),
      )
      await verifier.close()
      expect(await axe(page)).toEqual([])

      // Filters live in the address bar.
      await page.getByLabel('Currency', { exact: true }).selectOption('EUR')
      await page.getByLabel('Period', { exact: true }).selectOption('today')
      await page.getByRole('button', { name: 'Show', exact: true }).click()
      await page.waitForURL(`${base}/users/games-history?currency=EUR&period=today`)
      await expect.poll(() => rows.count()).toBe(3)
      await page.getByLabel('Period', { exact: true }).selectOption('custom')
      await page.getByLabel('From', { exact: true }).fill('2020-01-01')
      await page.getByLabel('To', { exact: true }).fill('2020-01-31')
      await page.getByRole('button', { name: 'Show', exact: true }).click()
      await page.getByText('No rounds match these filters.').waitFor()
      expect(new URL(page.url()).search).toBe('?currency=EUR&period=custom&from=2020-01-01&to=2020-01-31')
      await page.getByRole('link', { name: 'Clear filters' }).click()
      await table.waitFor()

      // The CSV of what is shown.
      const csv = await download(page, /download csv/i)
      expect(csv.name).toMatch(/^aurum-games-history-\d{4}-\d{2}-\d{2}\.csv$/)
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
      expect(lines[0]).toMatch(
        /^bet_id,round_id,created_at,finished_at,game,title,provider,currency,bet,win,net,/,
      )
      expect(lines).toHaveLength(4)
      for (const [i, round] of rounds.entries()) {
        const cells = lines[i + 1]!.split(',')
        expect(cells[1]).toBe(round.round_id)
        expect(cells.slice(8, 12)).toEqual([
          (round.total_bets / 100).toFixed(2),
          (round.total_wins / 100).toFixed(2),
          ((round.total_wins - round.total_bets) / 100).toFixed(2),
          (round.balance_after_cents! / 100).toFixed(2),
        ])
        expect(cells[13]).toBe(round.fairness!.server_seed_hash)
      }

      // On a phone: the history fits the screen, each round a card of labelled values.
      await page.setViewportSize({ width: 390, height: 844 })
      const fits = await page.evaluate(() => {
        const card = document.querySelector('section[aria-labelledby="games-history-title"]')!
        const balances = [...card.querySelectorAll('[data-testid="balance-after"]')]
        return {
          card: card.getBoundingClientRect().right <= window.innerWidth,
          balances: balances.every((b) => b.getBoundingClientRect().right <= window.innerWidth),
        }
      })
      expect(fits).toEqual({ card: true, balances: true })
      expect(await table.getByRole('row').count()).toBe(4)
      await screenshot(page, 'history-games-phone')
      expect(await axe(page)).toEqual([])
      await page.setViewportSize({ width: 1366, height: 900 })

      // Payments: the deposit, filters and its CSV.
      await page
        .getByRole('navigation', { name: 'Profile sections' })
        .getByRole('link', { name: 'Payments' })
        .click()
      await page.waitForURL(`${base}/users/payments-history`)
      const payments = page.getByRole('table', { name: /payments/i })
      await payments.waitFor()
      expect(await payments.locator('tbody tr').count()).toBe(1)
      await payments.getByRole('cell', { name: '100.00 EUR' }).waitFor()
      expect(await axe(page)).toEqual([])
      await page.getByLabel('Type', { exact: true }).selectOption('cashout')
      await page.getByRole('button', { name: 'Show', exact: true }).click()
      await page.getByText('No payments match these filters.').waitFor()
      await page.getByLabel('Type', { exact: true }).selectOption('deposit')
      await page.getByLabel('Status', { exact: true }).selectOption('succeeded')
      await page.getByRole('button', { name: 'Show', exact: true }).click()
      await page.waitForURL(`${base}/users/payments-history?type=deposit&state=succeeded`)
      await payments.waitFor()
      const paid = await download(page, /download csv/i)
      const paidLines = paid.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
      expect(paidLines[0]).toBe('id,created_at,finished_at,type,method,currency,amount,fee,state,reason')
      expect(paidLines).toHaveLength(2)
      expect(paidLines[1]!.split(',').slice(3)).toEqual([
        'deposit',
        'Card',
        'EUR',
        '100.00',
        '0.00',
        'succeeded',
        '',
      ])
      await screenshot(page, 'history-payments')
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
