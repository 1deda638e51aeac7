import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launch, watchConsole } from './browser.ts'

const base = inject('baseURL')
let browser: Awaited<ReturnType<typeof launch>>

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/** The scripts a page has asked for since the call, by path. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) seen.push(new URL(r.url()).pathname)
  })
  return seen
}

const listChunk = /\/dist\/assets\/games-list-page-[\w-]+\.js$/
const supportChunk = /\/dist\/assets\/support-page-[\w-]+\.js$/

describe('route chunks preloaded on intent', () => {
  it('fetches the chunk of a route when its link is hovered, before the click, once', async () => {
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    const requested = scriptRequests(page)
    const link = page.locator('a[href="/categories/top"]').first()
    expect(requested.some((p) => listChunk.test(p))).toBe(false)

    await link.hover()
    await expect.poll(() => requested.some((p) => listChunk.test(p))).toBe(true)
    const preloads = () =>
      page.evaluate(
        () =>
          [...document.head.querySelectorAll('link[rel="modulepreload"]')].filter((l) =>
            /games-list-page-/.test((l as HTMLLinkElement).href),
          ).length,
      )
    expect(await preloads()).toBe(1)
    // Once per route: another link to the same page adds nothing.
    await page.mouse.move(0, 0)
    await page.locator('a[href^="/categories/"]:not([href="/categories/top"])').first().hover()
    await page.waitForTimeout(300)
    expect(await preloads()).toBe(1)

    // The click then finds it in the cache and the page comes up.
    await link.click()
    await page.waitForURL(base + '/categories/top')
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0)
    expect(problems).toEqual([])
    await page.close()
  })

  it('preloads on keyboard focus too, and never for another origin', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    const requested = scriptRequests(page)
    // The same path on another site leads elsewhere: nothing of ours to fetch.
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = 'https://casino.example/support'
      a.id = 'outside'
      a.textContent = 'outside'
      document.body.prepend(a)
    })
    await page.locator('#outside').hover()
    await page.locator('#outside').focus()
    await page.waitForTimeout(500)
    expect(requested.some((p) => supportChunk.test(p))).toBe(false)

    await page.locator('a[href="/support"]').first().focus()
    await expect.poll(() => requested.some((p) => supportChunk.test(p))).toBe(true)
    await page.close()
  })

  it('preloads nothing for a visitor who asks to save data', async () => {
    const page = await browser.context.newPage()
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
    })
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    const requested = scriptRequests(page)
    await page.locator('a[href="/categories/top"]').first().hover()
    await page.waitForTimeout(500)
    expect(requested.some((p) => listChunk.test(p))).toBe(false)
    // The link itself still works: the chunk comes with the click.
    await page.locator('a[href="/categories/top"]').first().click()
    await page.waitForURL(base + '/categories/top')
    expect(requested.some((p) => listChunk.test(p))).toBe(true)
    await page.close()
  })

  it('on a touch screen, fetches the list page once the lobby’s categories come into view', async () => {
    const phone = await launch({ touch: true, viewport: { width: 390, height: 844 } })
    try {
      const page = await phone.context.newPage()
      const requested = scriptRequests(page)
      await page.goto(base + '/', { waitUntil: 'networkidle' })
      expect(await page.evaluate(() => window.matchMedia('(hover: none)').matches)).toBe(true)
      await page.locator('a[data-preload="viewport"]').first().scrollIntoViewIfNeeded()
      await expect.poll(() => requested.some((p) => listChunk.test(p))).toBe(true)
      expect(page.url()).toBe(base + '/')
    } finally {
      await phone.close()
    }
  })
})
