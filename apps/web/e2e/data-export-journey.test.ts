import fs from 'node:fs/promises'
import { describe, expect, inject, it, onTestFailed } from 'vitest'
import { launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, registerPlayer } from './players.ts'

const base = inject('baseURL')

describe('the GDPR data export', () => {
  it('is asked for on /users, e-mailed as a link, and downloads a JSON with the money the player holds', async () => {
    const browser = await launch()
    try {
      const page = await browser.context.newPage()
      const problems = watchConsole(page)
      onTestFailed(() => screenshot(page, 'data-export-failed').catch(() => undefined))
      const email = `export.${Date.now()}@example.com`
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(page)
      await registerPlayer(page, base, { email })
      await depositByCard(page, 2_500)

      await page.goto(base + '/users', { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: /e-?mail me my data/i }).click()
      await page.getByText(/we are preparing your data/i).waitFor()
      expect(problems).toEqual([])

      // The link from the e-mail, opened in the same signed-in browser: a JSON attachment.
      await page.goto(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)
      const href = await page.locator('a[href*="/api/gdpr_reports/"]').first().getAttribute('href')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.goto(base + new URL(href!).pathname).catch(() => undefined),
      ])
      expect(download.suggestedFilename()).toMatch(/^aurum-casino-data-[\d-]+\.json$/)
      const data = JSON.parse(await fs.readFile(await download.path(), 'utf8'))
      expect(data.profile.email).toBe(email)
      expect(data.wallets).toEqual([
        expect.objectContaining({ currency: 'EUR', real_balance_cents: 2_500, bonus_balance_cents: 0 }),
      ])
      expect(data.payments).toEqual([
        expect.objectContaining({ action: 'deposit', amount_cents: 2_500, state: 'succeeded' }),
      ])
      expect(data.game_rounds_total).toBe(0)
    } finally {
      await browser.close()
    }
  })
})
