import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page, WebSocketRoute } from 'playwright-core'
import type { WinNotice } from '@aurum/shared'
import { ARTIFACTS, axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, PASSWORD, registerPlayer } from './players.ts'

const base = inject('baseURL')

/** The header balance reads `text`, within `timeout` ms. */
async function balanceIs(page: Page, text: string, timeout?: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/\s+/g, ' ') ===
      expected,
    text,
    { timeout },
  )
}

interface Socket {
  url: string
  /** The channels subscribed on this socket (a subscribe reply without error). */
  channels: Set<string>
  closed: boolean
}

/**
 * The page's realtime sockets and the channels each has subscribed, read from the websocket
 * frames (the Centrifuge JSON protocol: `{id, subscribe: {channel}}` and its reply by id).
 */
function watchRealtime(page: Page) {
  const sockets: Socket[] = []
  page.on('websocket', (ws) => {
    const socket: Socket = { url: ws.url(), channels: new Set(), closed: false }
    sockets.push(socket)
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
      for (const f of frames(payload)) if (f?.id && f.subscribe?.channel) asked.set(f.id, f.subscribe.channel)
    })
    ws.on('framereceived', ({ payload }) => {
      for (const f of frames(payload)) {
        const channel = f?.id ? asked.get(f.id) : undefined
        if (channel && f?.subscribe && !f.error) socket.channels.add(channel)
      }
    })
    ws.on('close', () => {
      socket.closed = true
    })
  })
  return {
    sockets,
    /** The channels of the newest open socket. */
    channels: () => [...(sockets.findLast((s) => !s.closed)?.channels ?? [])].sort(),
  }
}

async function playerId(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/player')).json()) as { id: string }).id)
}

/** Fills and sends the login page's form. */
async function logIn(page: Page, email: string) {
  const form = page.locator('main form')
  await form.getByLabel(/^e-?mail$/i).fill(email)
  await form.getByLabel(/password/i).fill(PASSWORD)
  await form.getByRole('button', { name: /^log in$/i }).click()
  await page.getByRole('link', { name: /^deposit$/i }).waitFor()
}

describe('the realtime hub', () => {
  it('shows a deposit made in another session in the header within 1 s, with a toast and without a reload', async () => {
    const browserA = await launch()
    const browserB = await launch()
    const pageA = await browserA.context.newPage()
    const pageB = await browserB.context.newPage()
    const problems = watchConsole(pageA)
    const realtimeA = watchRealtime(pageA)
    const realtimeB = watchRealtime(pageB)
    onTestFailed(async () => {
      await screenshot(pageA, 'realtime-a-failed').catch(() => undefined)
      await screenshot(pageB, 'realtime-b-failed').catch(() => undefined)
    })
    try {
      // Page A: a new player, watching the main page.
      const email = `realtime.${Date.now()}@example.com`
      await pageA.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(pageA)
      // A guest's connection has the public channels only, and asks for no channel tokens.
      await expect.poll(() => realtimeA.channels()).toEqual(['public:jackpots_changes', 'public:wins'])
      await registerPlayer(pageA, base, { email })
      const auth = pageA.waitForResponse((r) => r.url().endsWith('/api/realtime/auth'))
      await pageA.reload({ waitUntil: 'networkidle' })
      const id = await playerId(pageA)
      // One request signs every private channel of the connection.
      const authRequest = (await auth).request().postDataJSON() as { client: string; channels: string[] }
      expect(authRequest.channels).toContain(`balance#${id}`)
      expect(authRequest.channels).toHaveLength(16)
      await expect.poll(() => realtimeA.channels()).toContain(`balance#${id}`)
      expect(realtimeA.channels()).toHaveLength(18)
      expect(realtimeA.sockets[0]!.url).toMatch(/^ws:\/\/[^/]+\/sock$/)
      await balanceIs(pageA, '0.00 EUR')
      // Marks this document: a reload or navigation would lose it.
      await pageA.evaluate(() => {
        ;(window as unknown as { realtimeMarker: string }).realtimeMarker = 'kept'
      })
      const socketsOfA = realtimeA.sockets.length
      let navigations = 0
      pageA.on('framenavigated', (frame) => {
        if (frame === pageA.mainFrame()) navigations++
      })
      const accountLoads: number[] = []
      pageA.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/player/accounts') accountLoads.push(Date.now())
      })

      // Page B: the same player, signed in separately (another session) from the login page, as a
      // guest first: the hub reconnects with the player's credentials without a page load.
      await pageB.goto(base + '/login', { waitUntil: 'networkidle' })
      await answerNotices(pageB)
      await expect.poll(() => realtimeB.channels()).toEqual(['public:jackpots_changes', 'public:wins'])
      await logIn(pageB, email)
      await expect.poll(() => realtimeB.channels()).toContain(`balance#${id}`)
      expect(realtimeB.sockets.map((s) => s.closed)).toEqual([true, false])

      // B deposits 100 EUR by card (approved at once).
      const cashier = pageB.getByRole('dialog', { name: /cashier/i })
      await pageB.getByRole('link', { name: /^deposit$/i }).click()
      // The one-click deposit opens at the method step for a first deposit: back to the amount.
      await cashier.getByRole('button', { name: /^back$/i }).click()
      await cashier.getByLabel(/amount in eur/i).fill('100')
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByRole('button', { name: /continue/i }).click()
      await cashier.getByLabel(/card number/i).fill('4242 4242 4242 4242')
      await cashier.getByLabel(/expiry date/i).fill('12/30')
      await cashier.getByLabel(/security code/i).fill('123')
      await cashier.getByLabel(/cardholder name/i).fill('Ana Lind')
      const deposited = pageB.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/payments' && r.request().method() === 'POST',
      )
      await cashier.getByRole('button', { name: /deposit 100\.00 eur/i }).click()
      const answer = await deposited
      const completedAt = Date.now()
      expect(answer.status()).toBeLessThan(300)

      // A: the new balance within 1 s, pushed (no request for the accounts), no navigation.
      await balanceIs(pageA, '100.00 EUR', 1_000)
      expect(Date.now() - completedAt).toBeLessThan(1_000)
      expect(accountLoads).toEqual([])
      await pageA
        .getByRole('status')
        .filter({ hasText: /deposit of 100\.00 eur credited/i })
        .waitFor({ timeout: 2_000 })
      await cashier.getByText(/your deposit was successful/i).waitFor()
      expect(
        await pageA.evaluate(() => (window as unknown as { realtimeMarker?: string }).realtimeMarker),
      ).toBe('kept')
      expect(navigations).toBe(0)
      // The same connection all along: no reconnect either.
      expect(realtimeA.sockets).toHaveLength(socketsOfA)
      await screenshot(pageA, 'realtime-balance-pushed')

      // B signs out: its connection starts over as a guest's; A's is untouched.
      await cashier.getByRole('button', { name: /close/i }).last().click()
      await pageB
        .getByRole('button', { name: /log out/i })
        .filter({ visible: true })
        .click()
      await pageB.getByRole('link', { name: /sign up/i }).waitFor()
      await expect.poll(() => realtimeB.sockets.length).toBe(3)
      await expect.poll(() => realtimeB.channels()).toEqual(['public:jackpots_changes', 'public:wins'])
      expect(realtimeA.channels()).toContain(`balance#${id}`)
      expect(realtimeA.sockets).toHaveLength(socketsOfA)

      // The main page's latest-wins strip: a labelled region with its list or its empty state, accessible.
      const wins = pageA.getByRole('region', { name: /latest wins/i })
      await wins.waitFor()
      expect((await wins.textContent()) ?? '').toMatch(/no wins to show yet|won/i)
      expect(await axe(pageA)).toEqual([])
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browserA.close()
      await browserB.close()
    }
  })

  it('adds a win pushed on public:wins to the front of the latest-wins strip, without animation for reduced motion', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'realtime-wins-failed').catch(() => undefined))
    try {
      // The hub's socket goes through the test, which can add a frame of its own to what the hub sends.
      const routes: WebSocketRoute[] = []
      await page.routeWebSocket(/\/sock$/, (ws) => {
        ws.connectToServer()
        routes.push(ws)
      })
      const realtime = watchRealtime(page)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(page)
      const strip = page.getByRole('region', { name: /latest wins/i })
      await strip.waitFor()
      await strip.getByText(/^live$/i).waitFor()
      const before = await strip.locator('li').count()
      expect(before).toBeLessThanOrEqual(10)

      // A win in a game of the lobby, as the hub publishes it.
      const tile = page.locator('main a[href^="/play/"]').first()
      const url = (await tile.getAttribute('href'))!
      const title = (await tile.locator('strong').textContent())!
      const win: WinNotice = {
        at: Math.floor(Date.now() / 1000),
        bet_amount_cents: 100,
        win_amount_cents: 125_000,
        currency: 'EUR',
        game_identifier: url.split('/').slice(2).join(':'),
        game_table_image_path: (await tile.locator('img').getAttribute('src'))!,
        game_table_url: url,
        game_title: title,
        humanized_win: '1,250.00 EUR',
        nickname: 'ja***',
      }
      expect(realtime.sockets).toHaveLength(1)
      routes[0]!.send(JSON.stringify({ push: { channel: 'public:wins', pub: { data: win } } }))
      const first = strip.locator('li').first()
      await first.filter({ hasText: 'ja***' }).waitFor({ timeout: 1_000 })
      expect(await strip.locator('li').count()).toBe(Math.min(before + 1, 10))
      expect(await first.textContent()).toContain('1,250.00 EUR')
      // Marked as new, without animation when the player asked for reduced motion.
      expect(await first.getAttribute('data-fresh')).toBe('true')
      expect(await first.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
      expect(await axe(page)).toEqual([])
      await strip.screenshot({ path: `${ARTIFACTS}/realtime-latest-wins.png` })
      // The game's title opens its page in the app.
      await first.getByRole('link', { name: title }).click()
      await page.waitForURL(base + url)
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
