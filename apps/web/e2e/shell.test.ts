import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { LOCALES } from '@aurum/shared'
import { answerNotices, depositByCard, registerPlayer } from './players.ts'
import type { RouteObject } from 'react-router'
import type { AppServices } from '../src/lib/services.tsx'
import { createRoutes } from '../src/app/routes.tsx'
import { ROUTES } from '../src/app/route-table.ts'

const base = inject('baseURL')

/**
 * Every page the app mounts (from its route objects: a new route is covered once it exists), and
 * whether the route table wants a player there. Redirects (no id) land on pages of their own.
 */
function mountedRoutes(): Array<{ path: string; player: boolean }> {
  const walk = (
    routes: RouteObject[],
    parent: string,
    player: boolean,
  ): Array<{ path: string; player: boolean }> =>
    routes.flatMap((r) => {
      const path = r.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${r.path}`
      const forPlayer = player || ROUTES.some((m) => m.id === r.id && m.requiresAuth)
      const own = r.id && (r.path !== undefined || r.index) ? [{ path: path || '/', player: forPlayer }] : []
      return [...own, ...walk(r.children ?? [], path, forPlayer)]
    })
  const all = walk(createRoutes({} as AppServices), '', false)
  return all.filter((r, i) => all.findIndex((o) => o.path === r.path) === i)
}

/**
 * The addresses a route pattern is loaded at: the pattern itself without parameters; with them,
 * examples from the demo catalogue and content. A new route with parameters needs its line here.
 */
const EXAMPLES: Record<string, string[]> = {
  '/play/:producer/:name': ['/play/goldfinch/sunstone-dynasty'],
  '/pokies/:slug': ['/pokies/all'],
  '/live/:slug': ['/live/all'],
  '/categories/:slug': ['/categories/top'],
  '/games/:id': ['/games/top'],
  '/producers/:slug/:page?': ['/producers/goldfinch'],
  '/users/*': ['/users/no-such-page'],
  '/*': ['/faq', '/privacy-policy', '/no-such-page'],
}
let browser: Awaited<ReturnType<typeof launch>>

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('the casino shell in Chromium', () => {
  it('renders the main page on the server: content is there with JavaScript disabled', async () => {
    const noJs = await launch({ javaScriptEnabled: false })
    try {
      const page = await noJs.context.newPage()
      const res = await page.goto(base + '/')
      expect(res!.status()).toBe(200)
      expect(await page.locator('h1').first().textContent()).toContain('Aurum Casino')
      expect(await page.locator('[aria-roledescription="carousel"] h2').count()).toBeGreaterThan(1)
      expect(await page.locator('footer a[href="/privacy-policy"]').count()).toBe(1)
      expect(await page.title()).toContain('Aurum Casino')
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(base + '/')
    } finally {
      await noJs.close()
    }
  })

  it('hydrates without console errors and navigates client-side', async () => {
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42))
    await page.locator('footer a[href="/faq"]').click()
    await page.waitForURL(base + '/faq')
    await expect.poll(() => page.locator('main h1').textContent()).toMatch(/FAQ|Frequently/i)
    // Still the same document: the router navigated without a reload.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42)
    expect(await page.title()).toMatch(/FAQ|Frequently/i)
    expect(problems).toEqual([])
    await page.close()
  })

  it('switches language by prefix and with the language switcher', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/de/support')
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    const german = await page.locator('main h2').textContent()
    // Hydrated before the switcher is used (a choice made before it is not seen by React).
    await page.goto(base + '/support', { waitUntil: 'networkidle' })
    expect(await page.locator('html').getAttribute('lang')).toBe('en-CA')
    const english = await page.locator('main h2').textContent()
    expect(german).not.toBe(english)
    await page.locator('footer select').selectOption('ja')
    await page.waitForURL(base + '/ja/support')
    expect(await page.locator('html').getAttribute('lang')).toBe('ja')
    await page.close()
  })

  it('opens a modal from the URL hash and clears the hash after 1 s', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/#support')
    const dialog = page.locator('[role="dialog"][data-modal="support"]')
    await dialog.waitFor()
    expect(page.url()).toContain('#support')
    await page.waitForFunction(() => window.location.hash === '', undefined, { timeout: 3_000 })
    expect(await dialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.close()
  })

  it('shows the cookie notice 1.5 s after start and remembers acceptance', async () => {
    const fresh = await launch()
    try {
      const page = await fresh.context.newPage()
      // The page's timers run on Playwright's clock, which the test moves (no waiting).
      await page.clock.install()
      // Paused: the page's time moves only when the test moves it.
      await page.clock.pauseAt(Date.now() + 1_000)
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      const notice = page.locator('[data-notice="cookies"]')
      await page.clock.runFor(1_400)
      expect(await notice.count()).toBe(0)
      // Time flows again (React reveals the lazily loaded card on a timer of its own).
      await page.clock.resume()
      await notice.waitFor({ timeout: 2_000 })
      await notice.getByRole('button').last().click()
      await page.reload({ waitUntil: 'networkidle' })
      await page.clock.runFor(5_000)
      // The notices' timer has run and found nothing to ask: no room kept, no card.
      expect(await page.locator('html').getAttribute('data-notices')).toBeNull()
      expect(await notice.count()).toBe(0)
    } finally {
      await fresh.close()
    }
  })

  it('sends a support message from the support page', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/support', { waitUntil: 'networkidle' })
    const form = page.locator('main form')
    await form.getByLabel(/e-?mail/i).fill('player@example.com')
    await form.getByLabel(/message/i).fill('I would like to know more about VIP levels.')
    await form.getByRole('button', { name: /send/i }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /Thank you/ })
      .first()
      .waitFor()
    expect(await form.getByLabel(/message/i).inputValue()).toBe('')
    await page.close()
  })

  it('tells a headless browser (taken for a bot) at once that registration is not for it; the api refuses it too', async () => {
    // Chromium's own headless user agent ("HeadlessChrome"), not the journeys' regular one.
    const bot = await launch({ userAgent: null })
    try {
      const page = await bot.context.newPage()
      const problems = watchConsole(page)
      const answer = await page.goto(base + '/registration', { waitUntil: 'networkidle' })
      // In the server's markup already: no waiting for a check that never runs.
      expect(await answer!.text()).toContain('Registration is not available to automated browsers.')
      await page
        .getByRole('alert')
        .filter({ hasText: /not available to automated browsers/i })
        .waitFor()
      expect(await page.getByText(/checked that you are human|checking you are human/i).count()).toBe(0)
      expect(await page.getByRole('button', { name: /create account/i }).count()).toBe(0)
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'registration-bot')
      const refused = await page.evaluate(async () => {
        const res = await fetch('/api/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            user: {
              email: `bot.${Date.now()}@example.com`,
              password: 'Golden-Lynx-2048',
              terms_acceptance: true,
            },
          }),
        })
        return { status: res.status, code: ((await res.json()) as { code: string }).code }
      })
      expect(refused).toEqual({ status: 403, code: 'automated_browser' })
      // The refused registration is the one expected console error (the failed request).
      expect(problems.filter((p) => !/403/.test(p))).toEqual([])
    } finally {
      await bot.close()
    }
  })

  it('answers an unknown path with the not-found page and status 404', async () => {
    const page = await browser.context.newPage()
    const res = await page.goto(base + '/no-such-page')
    expect(res!.status()).toBe(404)
    expect(await page.locator('main h1').textContent()).toMatch(/not found/i)
    await page.close()
  })

  it('has no serious accessibility violations on the main page and a static page', async () => {
    const page = await browser.context.newPage()
    for (const path of ['/', '/privacy-policy', '/support']) {
      await page.goto(base + path, { waitUntil: 'networkidle' })
      const violations = await axe(page)
      expect(
        violations.map(
          (v) => `${path}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([])
    }
    await page.close()
  })

  it('does not shift its layout on a direct load of any mounted route, as a guest and as a player', async () => {
    const routes = mountedRoutes()
    const addresses = (forPlayer: boolean) =>
      routes
        // A guest asking for a player's page is sent to the registration page, measured once.
        .filter((r) => r.player === forPlayer)
        .flatMap((r) => {
          if (!/[:*]/.test(r.path)) return [r.path]
          expect(EXAMPLES[r.path], `an example address of the route ${r.path}`).toBeDefined()
          return EXAMPLES[r.path]!
        })
    const own = await launch({ viewport: { width: 390, height: 844 } })
    try {
      const page = await own.context.newPage()
      /**
       * The layout shifts of a direct load, read once the app has hydrated, its requests have
       * settled and it has painted twice (so data that arrives after hydration counts, however fast).
       */
      const shiftsOf = async (path: string) => {
        await page.goto(base + path, { waitUntil: 'networkidle' })
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const shifts = await page.evaluate(
          () =>
            new Promise<Array<{ value: number; sources: string[] }>>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const observer = new PerformanceObserver(() => undefined)
                  observer.observe({ type: 'layout-shift', buffered: true })
                  const entries = observer.takeRecords() as unknown as Array<{
                    value: number
                    hadRecentInput: boolean
                    sources: Array<{
                      node?: Node | null
                      previousRect: DOMRectReadOnly
                      currentRect: DOMRectReadOnly
                    }>
                  }>
                  observer.disconnect()
                  const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',')
                  resolve(
                    entries
                      .filter((e) => !e.hadRecentInput)
                      .map((e) => ({
                        value: e.value,
                        sources: e.sources.map((s) =>
                          s.node instanceof Element
                            ? `${s.node.tagName}.${s.node.className} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`
                            : (s.node?.nodeName ?? 'removed'),
                        ),
                      })),
                  )
                }),
              ),
            ),
        )
        return { path, score: shifts.reduce((sum, s) => sum + s.value, 0), shifts }
      }
      const measured = []
      for (const path of addresses(false)) measured.push({ who: 'guest 390', ...(await shiftsOf(path)) })
      await page.setViewportSize({ width: 1280, height: 720 })
      for (const path of ['/', '/pokies/all', '/play/goldfinch/sunstone-dynasty']) {
        measured.push({ who: 'guest 1280', ...(await shiftsOf(path)) })
      }
      await registerPlayer(page, base, { email: `shifts.${Date.now()}@example.com` })
      for (const path of ['/users', '/play/goldfinch/sunstone-dynasty']) {
        measured.push({ who: 'player 1280', ...(await shiftsOf(path)) })
      }
      await page.setViewportSize({ width: 390, height: 844 })
      // A phone's CPU: what arrives after hydration lands inside the measurement, as on a slow machine.
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
      for (const path of ['/', ...addresses(true)])
        measured.push({ who: 'player 390', ...(await shiftsOf(path)) })
      expect(measured.length).toBeGreaterThan(35)
      expect(measured.filter((m) => m.score > 0.01)).toEqual([])
    } finally {
      await own.close()
    }
    // About forty direct loads, each about half a second on a quiet machine.
  }, 300_000)

  it('fits the header and the page to every width from 320 to 1366 px, and other pages to a phone', async () => {
    // A browser of its own: the notices are answered and a player signs in.
    const own = await launch()
    try {
      const page = await own.context.newPage()
      const problems = watchConsole(page)
      /** How far the page reaches past the window, and the menu button's size when it shows. */
      const measure = (p: Page) =>
        p.evaluate(() => {
          const button = document.querySelector<HTMLElement>('header button[aria-controls="main-navigation"]')
          const box = button && button.offsetParent ? button.getBoundingClientRect() : null
          return {
            overflow: document.body.scrollWidth - document.body.clientWidth,
            menuButton: box && { width: Math.round(box.width), height: Math.round(box.height) },
          }
        })
      const widths = [320, 360, 390, 420, 508, 754, 820, 1024, 1199, 1200, 1366]
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      await answerNotices(page)
      for (const who of ['guest', 'player'] as const) {
        if (who === 'player') {
          await registerPlayer(page, base, { email: `header.${Date.now()}@example.com` })
          await page.goto(base + '/', { waitUntil: 'networkidle' })
        }
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 })
          // The banner slider sizes its slides after a resize: the page settles within a moment.
          await expect
            .poll(async () => (await measure(page)).overflow, { message: `${who} at ${width} px` })
            .toBe(0)
          const { menuButton } = await measure(page)
          // The menu button shows on phones, and for a player up to 1199 px; never squeezed.
          const menu = width < 754 || (who === 'player' && width < 1200)
          expect(menuButton, `${who} at ${width} px`).toEqual(menu ? { width: 44, height: 44 } : null)
        }
        // The other pages on a small phone: none scrolls sideways (a long e-mail address once did).
        await page.setViewportSize({ width: 360, height: 800 })
        const pages =
          who === 'guest'
            ? [
                '/pokies/all',
                '/vip',
                '/benefits-of-crypto',
                '/faq',
                '/support',
                '/privacy-policy',
                '/terms-and-conditions',
              ]
            : ['/users', '/users/verification', '/users/limits', '/users/security', '/users/games-history']
        for (const path of pages) {
          await page.goto(base + path, { waitUntil: 'load' })
          await page.locator('main h1').first().waitFor()
          // Settled: a lazily loaded page's styles arrive a moment after it (see the next test).
          await expect
            .poll(async () => (await measure(page)).overflow, { message: `${who} on ${path} at 360 px` })
            .toBe(0)
        }
      }
      // A player's Log out is in the header from 1200 px, and in the menu below it.
      await page.setViewportSize({ width: 1366, height: 800 })
      const logOut = page.getByRole('button', { name: /^log out$/i }).filter({ visible: true })
      expect(await logOut.count()).toBe(1)
      await page.setViewportSize({ width: 1024, height: 800 })
      expect(await logOut.count()).toBe(0)
      await page.getByRole('button', { name: /^menu$/i }).click()
      await logOut.waitFor()
      expect(
        await page
          .getByRole('navigation', { name: /main/i })
          .getByRole('link', { name: /^vip$/i })
          .isVisible(),
      ).toBe(true)
      expect(problems).toEqual([])
    } finally {
      await own.close()
    }
  })

  it('fits a player’s pages to a 360 px phone in every language', async () => {
    // Other languages have longer words: German and Finnish compounds, Estonian's Deposit.
    const own = await launch({ viewport: { width: 360, height: 800 } })
    try {
      const page = await own.context.newPage()
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      await registerPlayer(page, base, { email: `languages.${Date.now()}@example.com` })
      // A balance of four digits and more beside Deposit: the header's row must still hold both.
      await depositByCard(page, 123_456)
      const overflow = () =>
        page.evaluate(() => {
          const header = document.querySelector('header > div')!
          return Math.max(
            document.body.scrollWidth - document.body.clientWidth,
            header.scrollWidth - header.clientWidth,
          )
        })
      for (const locale of LOCALES.filter((l) => l === 'en' || !l.startsWith('en'))) {
        for (const path of ['/', '/users', '/users/verification', '/users/limits']) {
          await page.goto(`${base}/${locale}${path}`, { waitUntil: 'load' })
          await page.locator('main h1').first().waitFor({ state: 'attached' })
          await expect.poll(() => page.getByTestId('header-balance').textContent()).toMatch(/234/)
          // Settled: the server's render links the main styles only; a lazily loaded page's own
          // styles arrive with its code, a moment later.
          await expect.poll(overflow, { message: `/${locale}${path} at 360 px` }).toBe(0)
        }
      }
    } finally {
      await own.close()
    }
  })

  it('installs the service worker: precached shell, offline page in the visitor’s language, no api answer or page stored', async () => {
    const sw = await fetch(base + '/sw.js')
    expect(sw.status).toBe(200)
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const manifestResponse = await fetch(base + '/manifest.webmanifest')
    expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = (await manifestResponse.json()) as {
      name: string
      short_name: string
      start_url: string
      display: string
      theme_color: string
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>
    }
    expect(manifest).toMatchObject({ name: 'Aurum Casino', start_url: '/', display: 'standalone' })
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    )
    for (const icon of manifest.icons) {
      const res = await fetch(base + icon.src)
      expect([icon.src, res.status, res.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png'])
    }

    const own = await launch({ viewport: { width: 390, height: 844 } })
    try {
      const page = await own.context.newPage()
      await page.goto(base + '/de/support', { waitUntil: 'load' })
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest')
      const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
      expect((await fetch(base + touchIcon!)).status).toBe(200)
      // Registered after load; installed (the shell precached) and activated, then in control.
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated')
      const cached = async () =>
        page.evaluate(async () => {
          const urls: string[] = []
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys())
              urls.push(new URL(request.url).pathname)
          }
          return urls
        })
      // The shell: the entry of the build's manifest, its static imports and their styles.
      const built = JSON.parse(
        await fs.readFile(path.resolve(import.meta.dirname, '../dist/client/.vite/manifest.json'), 'utf8'),
      ) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>
      const shell = new Set<string>()
      const visit = (key: string) => {
        const chunk = built[key]!
        if (shell.has(`/dist/${chunk.file}`)) return
        shell.add(`/dist/${chunk.file}`)
        for (const css of chunk.css ?? []) shell.add(`/dist/${css}`)
        chunk.imports?.forEach(visit)
      }
      visit(Object.keys(built).find((k) => built[k]!.isEntry)!)
      expect(shell.size).toBeGreaterThan(2)
      const entry = await page.locator('script[type="module"]').getAttribute('src')
      expect(await cached()).toEqual(
        expect.arrayContaining([entry, ...shell, '/dist/offline/de.html', '/dist/offline/ja.html']),
      )
      // A page and api calls made while the worker controls the page: none of them is stored.
      await page.goto(base + '/de/pokies/all', { waitUntil: 'networkidle' })
      expect(await page.evaluate(async () => (await fetch('/api/info/project')).status)).toBe(200)
      // The lobby's own hashed assets, fetched through the worker, are stored for the next time.
      const assets = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/dist/assets/')),
      )
      expect(assets.length).toBeGreaterThan(0)
      expect(await cached()).toEqual(expect.arrayContaining(assets))
      expect(
        (await cached()).filter(
          (url) => /^\/(api|json-api|files|sock|connection)\b/.test(url) || !url.startsWith('/dist/'),
        ),
      ).toEqual([])

      // The network goes down: a navigation shows the offline page in the address's language.
      await own.context.setOffline(true)
      const offline = await page.goto(base + '/de/users')
      expect(offline!.status()).toBe(503)
      expect(await page.locator('html').getAttribute('lang')).toBe('de')
      expect(await page.locator('h1').textContent()).toBe('Sie sind offline')
      expect(await axe(page)).toEqual([])
      await page.goto(base + '/ja/support')
      expect(await page.locator('h1').textContent()).toBe('オフラインです')
      // Back online, "try again" opens the address that failed.
      await own.context.setOffline(false)
      await page.getByRole('link', { name: '再試行' }).click()
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja')
      expect(page.url()).toBe(base + '/ja/support')
      expect(await page.locator('main h2').count()).toBeGreaterThan(0)
    } finally {
      await own.close()
    }
  })

  it('writes desktop and mobile screenshots', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    await screenshot(page, 'main-desktop')
    await page.goto(base + '/privacy-policy', { waitUntil: 'networkidle' })
    await screenshot(page, 'privacy-desktop')
    const mobile = await launch({ viewport: { width: 390, height: 844 } })
    try {
      const m = await mobile.context.newPage()
      await m.goto(base + '/', { waitUntil: 'networkidle' })
      await screenshot(m, 'main-mobile')
      await m.goto(base + '/support', { waitUntil: 'networkidle' })
      await screenshot(m, 'support-mobile')
    } finally {
      await mobile.close()
    }
    await page.close()
  })
})
