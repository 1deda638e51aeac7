import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import type { RealityCheckState } from '@aurum/shared'
import { freePort, startServer, type ServerProcess } from '../../../scripts/server-process.ts'
import { openDatabase } from '@aurum/db'
import { formatUntil } from '../src/features/games/game-limit-notice.ts'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, firstSlot, PASSWORD, registerPlayer } from './players.ts'

const base = inject('baseURL')

/** A new player with 100.00 EUR, signed in on the page. */
async function playerWithMoney(page: Page, origin: string, email: string) {
  await page.goto(origin + '/', { waitUntil: 'load' })
  await answerNotices(page)
  await registerPlayer(page, origin, { email })
  await depositByCard(page, 10_000)
}

/**
 * Spins the open slot `times` times, each time until the round has been shown. The rounds are
 * drawn by the server's CSPRNG, so one may award free spins, whose show lasts well over 15 s at
 * full motion (a CI run timed out on one): the journey plays with reduced motion, where a round
 * shows at once whatever it holds.
 */
async function spin(page: Page, times: number) {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const game = page.frameLocator('iframe')
  for (let i = 0; i < times; i++) {
    await game.getByRole('button', { name: /^spin$/i }).click()
    await expect
      .poll(() => game.getByRole('button', { name: /^spin$/i }).isEnabled(), { timeout: 15_000 })
      .toBe(true)
  }
}

/**
 * Resolves once the page's realtime connection has subscribed a channel whose name starts with
 * `prefix` (the Centrifuge JSON protocol: `{id, subscribe: {channel}}` and its reply by id).
 */
function subscribed(page: Page, prefix: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      const asked = new Map<number, string>()
      const frames = (payload: string | Buffer) =>
        String(payload)
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => {
            try {
              return JSON.parse(line) as { id?: number; subscribe?: { channel?: string }; error?: unknown }
            } catch {
              return null
            }
          })
      ws.on('framesent', ({ payload }) => {
        for (const f of frames(payload))
          if (f?.id && f.subscribe?.channel) asked.set(f.id, f.subscribe.channel)
      })
      ws.on('framereceived', ({ payload }) => {
        for (const f of frames(payload)) {
          const channel = f?.id ? asked.get(f.id) : undefined
          if (channel?.startsWith(prefix) && f?.subscribe && !f.error) resolve()
        }
      })
    })
  })
}

const getJson = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => (await (await fetch(p)).json()) as unknown, path) as Promise<T>

const euros = (cents: number) => `${(Math.abs(cents) / 100).toFixed(2)} EUR`
const signed = (cents: number) => (cents > 0 ? '+' : cents < 0 ? '\u2212' : '') + euros(cents)

describe('play limits in the game frame', () => {
  it('reminds a player of the session’s time and result, counted across a reload; continue and leave', async () => {
    // A server of its own: the test moves the game session back an hour in its database (the
    // embedded one is the server's alone while it runs: stop, edit, start again on the same data).
    const ports = { PORT: String(await freePort()), GAMES_PORT: String(await freePort()) }
    let server: ServerProcess = await startServer({ NODE_ENV: 'test', ...ports })
    await server.ready()
    const origin = server.base
    const browser = await launch()
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'reality-check-failed').catch(() => undefined))
    try {
      await playerWithMoney(page, origin, `reality.${Date.now()}@example.com`)
      const slot = await firstSlot(page)
      const gameUrl = `${origin}/play/${slot.provider}/${slot.seo_title}`
      await page.goto(gameUrl, { waitUntil: 'load' })
      await spin(page, 3)

      // The interval is the player's choice (the casino's default is 60 minutes).
      const setting = page.getByLabel(/^reality check every$/i)
      expect(await setting.inputValue()).toBe('60')
      await setting.selectOption('30')
      await page.getByRole('status').filter({ hasText: 'Reality check every 30 min.' }).waitFor()
      const before = await getJson<RealityCheckState>(page, '/api/player/reality_check')
      expect(before.interval_minutes).toBe(30)
      const session = before.session!
      expect(session.game_title).toBe(slot.title)
      // Its figures are the wallet's: 100.00 EUR, less the bets, plus the wins.
      const accounts = await getJson<Array<{ currency: string; amount_cents: number }>>(
        page,
        '/api/player/accounts',
      )
      expect(accounts.find((a) => a.currency === 'EUR')!.amount_cents).toBe(10_000 + session.net_cents)
      expect(session.wagered_cents).toBeGreaterThan(0)
      expect(await page.getByRole('dialog').count()).toBe(0)

      // The game session started an hour ago.
      await server.stop({ keepData: true })
      const db = await openDatabase({ dataDir: server.dataDir })
      try {
        await db.query(`UPDATE game_sessions SET created_at = now() - interval '60 minutes'`)
      } finally {
        await db.close()
      }
      server = await startServer({ NODE_ENV: 'test', ...ports }, server.dataDir)
      await server.ready()

      // The page is loaded again: a new game session, the same play session, and the reminder
      // that is due shows at once.
      await page.goto(gameUrl, { waitUntil: 'load' })
      const dialog = page.getByRole('dialog', { name: 'Reality check' })
      await dialog.waitFor({ timeout: 20_000 })
      const text = (await dialog.textContent()) ?? ''
      expect(text).toMatch(/You have been playing for 1 h [01] min\./)
      expect(text).toContain(
        `This session: wagered ${euros(session.wagered_cents)}, won ${euros(session.won_cents)}, net ${signed(session.net_cents)}.`,
      )
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue')
      await expect
        .poll(() => dialog.getByRole('link', { name: 'Game history' }).getAttribute('href'))
        .toMatch(/\/users\/games-history$/)
      // Focus stays in the dialog.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab')
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
      }
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'reality-check')

      // Escape is "continue": the game goes on, and the next reminder is one interval later.
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await page
        .frameLocator('iframe')
        .getByRole('button', { name: /^spin$/i })
        .waitFor()
      const reloaded = page.waitForResponse((r) => r.url().endsWith('/api/player/reality_check'))
      await page.reload({ waitUntil: 'load' })
      await reloaded
      await page
        .frameLocator('iframe')
        .getByRole('button', { name: /^spin$/i })
        .waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)

      // Another tab has not answered it: there, the player leaves the game for the lobby.
      const other = await browser.context.newPage()
      await other.goto(gameUrl, { waitUntil: 'load' })
      const again = other.getByRole('dialog', { name: 'Reality check' })
      await again.waitFor({ timeout: 20_000 })
      await again.getByRole('button', { name: 'Leave game' }).click()
      await again.waitFor({ state: 'detached' })
      await expect.poll(() => new URL(other.url()).pathname).toBe('/')
      expect(await other.locator('iframe').count()).toBe(0)
      expect(await other.getByRole('region', { name: new RegExp(slot.title, 'i') }).count()).toBe(0)
    } finally {
      await browser.close()
      await server.stop()
    }
  }, 240_000)

  it('closes an open game when the player starts a cooling-off elsewhere, warns until closed and shows the limits', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'game-limits-failed').catch(() => undefined))
    // The page's clock runs on its own, and is moved forward instead of waiting for the toasts' 10 s.
    await page.clock.install()
    try {
      const email = `coolingoff.${Date.now()}@example.com`
      await playerWithMoney(page, base, email)
      const slot = await firstSlot(page)
      // The page's realtime connection listens on game_limits before anything happens.
      const listening = subscribed(page, 'game_limits#')
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      await listening
      await spin(page, 1)

      // Another session of the same player (an api client of its own) starts a day's cooling-off.
      const signIn = await fetch(`${base}/api/users/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: { email, password: PASSWORD } }),
      })
      expect(signIn.status).toBe(200)
      const sid = /(?:^|,\s*)(sid=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')![1]!
      const set = await fetch(`${base}/api/user_limits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: sid },
        body: JSON.stringify({ type: 'coolingoff', period: 'day' }),
      })
      expect(set.status).toBe(204)
      const limits = (await (
        await fetch(`${base}/api/user_limits`, { headers: { cookie: sid } })
      ).json()) as Array<{ type: string; disable_at: string }>
      const until = limits.find((l) => l.type === 'coolingoff')!.disable_at

      // The frame closes, the warning says until when, and the page is the limits page.
      await expect.poll(() => page.locator('iframe').count(), { timeout: 5_000 }).toBe(0)
      await expect.poll(() => new URL(page.url()).pathname).toBe('/users/limits')
      const { lang, zone } = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }))
      const warning = page.getByRole('alert').filter({ hasText: 'Limit reached' })
      await warning.waitFor()
      // "Nov 23, 12:50 p.m." in Canadian English: the abbreviation's period ends the sentence.
      const date = formatUntil(until, lang, new Date(), zone)
      expect(await warning.textContent()).toContain(
        `Your cooling-off break lasts until ${date}${date.endsWith('.') ? '' : '.'} Play resumes then.`,
      )
      expect(await page.getByRole('region', { name: new RegExp(slot.title, 'i') }).count()).toBe(0)
      // It stays past the 10 s other toasts last, until the player closes it.
      await page.clock.fastForward(10_500)
      expect(await warning.count()).toBe(1)
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'game-limits-toast')
      await warning.getByRole('button', { name: /close/i }).click()
      await warning.waitFor({ state: 'detached' })
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  }, 120_000)
})
