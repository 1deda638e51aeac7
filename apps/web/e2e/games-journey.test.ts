import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, depositByCard, firstSlot, registerPlayer } from './players.ts'

const base = inject('baseURL')

/** The frame's balance as the game shows it, e.g. "1,000.00 FUN". */
const frameBalance = (page: Page) =>
  page
    .frameLocator('iframe')
    .getByRole('status', { name: /^balance$/i })
    .textContent()

describe('games', () => {
  it('lets a guest play a demo slot from the lobby', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'games-demo-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      // The lobby's first row is on the main page, rendered on the server.
      const lobby = page.getByRole('list', { name: /top games/i })
      await lobby.getByRole('listitem').first().waitFor()
      expect(await lobby.getByRole('listitem').count()).toBe(12)
      const slot = await firstSlot(page)
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      await page.getByRole('heading', { name: slot.title }).waitFor()
      const game = page.frameLocator('iframe')
      await game.getByRole('button', { name: /^spin$/i }).waitFor()
      const start = await frameBalance(page)
      expect(start).toMatch(/1,000\.00/)
      await game.getByRole('button', { name: /^spin$/i }).click()
      // The bet leaves the FUN balance (a win may bring some back, never exactly the bet).
      await expect.poll(() => frameBalance(page), { timeout: 15_000 }).not.toBe(start)
      await screenshot(page, 'games-demo')
      const played = await frameBalance(page)

      // Browsing on, the game stays open in the minimised frame (250 px) with resume and close.
      await page.getByRole('link', { name: /^aurum casino – home$/i }).click()
      const mini = page.getByRole('region', { name: new RegExp(`${slot.title}, minimised`, 'i') })
      await mini.waitFor()
      expect((await mini.boundingBox())!.width).toBeLessThanOrEqual(270)
      expect(await frameBalance(page)).toBe(played)
      await mini.getByRole('button', { name: /resume/i }).click()
      await page.getByRole('heading', { name: slot.title }).waitFor()
      expect(await frameBalance(page)).toBe(played)
      await page.getByRole('link', { name: /^aurum casino – home$/i }).click()
      await mini.getByRole('button', { name: /close the game/i }).click()
      await mini.waitFor({ state: 'detached' })
      expect(await axe(page)).toEqual([])
      expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it('moves a player’s real balance exactly as the round history says', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'games-real-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      await registerPlayer(page, base, { email: `games.${Date.now()}@example.com` })
      await depositByCard(page, 10_000)
      const slot = await firstSlot(page)
      // A currency the player has no wallet in: the frame says why the game does not open.
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}?currency=JPY`, { waitUntil: 'load' })
      await page.getByRole('alert').filter({ hasText: 'You have no wallet in this currency' }).waitFor()
      expect(await page.locator('iframe').count()).toBe(0)
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      const game = page.frameLocator('iframe')
      await game.getByRole('button', { name: /^spin$/i }).waitFor()
      expect(await frameBalance(page)).toMatch(/100\.00/)
      for (let i = 0; i < 3; i++) {
        await game.getByRole('button', { name: /^spin$/i }).click()
        // The spin button is back once the round has been shown.
        await expect
          .poll(() => game.getByRole('button', { name: /^spin$/i }).isEnabled(), { timeout: 15_000 })
          .toBe(true)
      }
      // The casino's history and balance agree with the rounds.
      const { rounds, balance } = await page.evaluate(async () => {
        const rounds = (await (await fetch('/api/player/games')).json()) as Array<{
          total_bets: number
          total_wins: number
        }>
        const accounts = (await (await fetch('/api/player/accounts')).json()) as Array<{
          currency: string
          amount_cents: number
        }>
        return { rounds, balance: accounts.find((a) => a.currency === 'EUR')!.amount_cents }
      })
      expect(rounds).toHaveLength(3)
      expect(balance).toBe(10_000 - rounds.reduce((sum, r) => sum + r.total_bets - r.total_wins, 0))
      await page.reload({ waitUntil: 'load' })
      await expect
        .poll(() => page.getByTestId('header-balance').textContent())
        .toBe(`${(balance / 100).toFixed(2)} EUR`)
    } finally {
      await browser.close()
    }
  })

  it('keeps the room of the notice bar from the first paint: nothing moves when it comes, on a laptop or a phone', async () => {
    /** The layout shifts of the top document so far (none of them follows an input). */
    const shifts = (page: Page) =>
      page.evaluate(() => {
        const observer = new PerformanceObserver(() => undefined)
        observer.observe({ type: 'layout-shift', buffered: true })
        const entries = observer.takeRecords() as unknown as Array<{ value: number; hadRecentInput: boolean }>
        observer.disconnect()
        return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0)
      })
    for (const { viewport, country } of [
      { viewport: { width: 1280, height: 720 } },
      { viewport: { width: 390, height: 844 } },
      // The Australian consent: its two answers take a line of their own on a phone.
      { viewport: { width: 390, height: 844 }, country: 'AU' },
    ]) {
      // A first-time visitor: a fresh profile, no answer to either notice.
      const browser = await launch({
        viewport,
        extraHTTPHeaders: country ? { 'cf-ipcountry': country } : undefined,
      })
      const page = await browser.context.newPage()
      onTestFailed(() => screenshot(page, `notices-room-${viewport.width}-failed`).catch(() => undefined))
      try {
        await page.goto(base + '/', { waitUntil: 'load' })
        const slot = await firstSlot(page)
        await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
        const cookies = page.getByRole('region', {
          name: country === 'AU' ? /^your privacy choices$/i : /^we use cookies$/i,
        })
        await cookies.waitFor()
        await page.getByRole('region', { name: /^card payments$/i }).waitFor()
        await cookies.locator('..').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
        await page
          .frameLocator('iframe')
          .getByRole('button', { name: /^spin$/i })
          .waitFor()
        // The bar took the room kept for it, to the pixel.
        const bar = (await cookies.locator('..').boundingBox())!
        const body = await page.evaluate(() => getComputedStyle(document.body).paddingBottom)
        expect(body).toBe(`${bar.height}px`)
        expect(
          await shifts(page),
          `layout shift of the game page at ${viewport.width} px ${country ?? ''}`,
        ).toBeLessThanOrEqual(0.01)

        // Answered: the room goes with the bar, and a later visit keeps none.
        if (country === 'AU') {
          await cookies.getByRole('button', { name: /essential/i }).click()
          await page.getByRole('button', { name: /^got it$/i }).click()
        } else await answerNotices(page)
        await cookies.waitFor({ state: 'detached' })
        expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px')
        await page.reload({ waitUntil: 'load' })
        expect(await page.locator('html').getAttribute('data-notices')).toBeNull()
        expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px')
      } finally {
        await browser.close()
      }
    }
  })

  it('fits the game in the window: 16:9 below the header on a laptop, upright on a phone, clear of the notices', async () => {
    const browser = await launch({ viewport: { width: 390, height: 844 } })
    const page = await browser.context.newPage()
    onTestFailed(() => screenshot(page, 'games-fit-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      const slot = await firstSlot(page)
      const frame = page.getByRole('region', { name: slot.title, exact: true })
      const spin = page.frameLocator('iframe').getByRole('button', { name: /^spin$/i })
      const balance = page.frameLocator('iframe').getByRole('status', { name: /^balance$/i })

      // A first visit on a phone: both notices wait in one bar of at most a fifth of the window,
      // and the game's balance and Spin button stay uncovered above it.
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      const cookies = page.getByRole('region', { name: /^we use cookies$/i })
      await cookies.waitFor()
      await page.getByRole('region', { name: /^card payments$/i }).waitFor()
      await spin.waitFor()
      await page.getByTestId('game-frame-slot').evaluate((slot) => slot.scrollIntoView())
      // Measured where the bar rests, once its rise from the bottom edge has ended.
      await cookies.locator('..').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      const bar = (await cookies.locator('..').boundingBox())!
      expect(bar.height).toBeLessThanOrEqual(844 * 0.2)
      expect(bar.y + bar.height).toBeCloseTo(844, 0)
      for (const target of [spin, balance]) {
        const box = (await target.boundingBox())!
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.tagName,
          [box.x + box.width / 2, box.y + box.height / 2],
        )
        expect(hit).toBe('IFRAME')
      }
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'notices-phone-game')
      // The details unfold on demand; the answers close the bar and give the room back.
      await cookies.getByRole('button', { name: /^details$/i }).click()
      await cookies.getByRole('link', { name: /cookie policy/i }).waitFor()
      await answerNotices(page)
      await cookies.waitFor({ state: 'detached' })
      await page.setViewportSize({ width: 1280, height: 720 })
      /** Scrolled to the frame, as a player does to play: the frame's box, the game's, its spin button's, the header's. */
      const boxes = async () => {
        await spin.waitFor()
        await page.getByTestId('game-frame-slot').evaluate((slot) => slot.scrollIntoView())
        await expect.poll(async () => (await frame.boundingBox())!.y).toBeLessThan(200)
        return {
          frame: (await frame.boundingBox())!,
          game: (await page.locator('iframe').boundingBox())!,
          spin: (await spin.boundingBox())!,
          header: (await page.locator('header').boundingBox())!,
        }
      }
      await page.goto(`${base}/play/${slot.provider}/${slot.seo_title}`, { waitUntil: 'load' })
      const laptop = await boxes()
      // Whole below the sticky header (a 16:9 frame as wide as the page would be 702 px tall).
      expect(laptop.frame.y).toBeGreaterThanOrEqual(laptop.header.height)
      expect(laptop.frame.y + laptop.frame.height).toBeLessThanOrEqual(720)
      expect(laptop.frame.width / laptop.frame.height).toBeCloseTo(16 / 9, 1)
      expect(laptop.spin.y + laptop.spin.height).toBeLessThanOrEqual(720)

      // A phone held upright: the frame as tall as the window below the header, the game upright in it.
      await page.setViewportSize({ width: 390, height: 844 })
      const phone = await boxes()
      expect(phone.frame.height).toBeGreaterThan(phone.frame.width * 1.5)
      expect(phone.frame.y + phone.frame.height).toBeLessThanOrEqual(844)
      expect(Math.abs(phone.game.height - phone.frame.height)).toBeLessThan(2)
      expect(phone.spin.y + phone.spin.height).toBeLessThanOrEqual(844)
      await screenshot(page, 'games-phone')
    } finally {
      await browser.close()
    }
  })
})
