import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TIMING } from '@aurum/shared'
import { launch } from './browser.ts'

const base = inject('baseURL')
let browser: Awaited<ReturnType<typeof launch>>

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('effects of navigation and start-up', () => {
  it('sends a page view with the place tag on every route change', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/', { waitUntil: 'networkidle' })
    await page.locator('header a[href="/support"]').first().click()
    await page.waitForURL(base + '/support')
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window.dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => [e.page_path, e.place]),
        ),
      )
      .toEqual([
        ['/', 'main'],
        ['/support', 'support'],
      ])
    await page.close()
  })

  it('stores UTM parameters as cookies and the affiliate tag in local storage', async () => {
    const page = await browser.context.newPage()
    await page.goto(base + '/?utm_source=newsletter&utm_campaign=winter&stag=1234_5678', {
      waitUntil: 'networkidle',
    })
    const cookies = Object.fromEntries((await browser.context.cookies()).map((c) => [c.name, c.value]))
    expect(cookies).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'winter', locale: 'en-CA' })
    expect(await page.evaluate(() => localStorage.getItem('stag'))).toBe('1234_5678')
    await page.close()
  })

  it('rotates the title while the tab is hidden and restores it when visible', async () => {
    // A browser of its own: Playwright's clock, which the test moves, rules a whole context.
    const own = await launch()
    try {
      const page = await own.context.newPage()
      await page.clock.install()
      // Paused: the page's time moves only when the test moves it.
      await page.clock.pauseAt(Date.now() + 1_000)
      await page.goto(base + '/support', { waitUntil: 'networkidle' })
      const original = await page.title()
      const setHidden = (hidden: boolean) =>
        page.evaluate((h) => {
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => h })
          document.dispatchEvent(new Event('visibilitychange'))
        }, hidden)
      await setHidden(true)
      await page.clock.runFor(TIMING.idleTitleDelayMs - 100)
      expect(await page.title()).toBe(original)
      await page.clock.runFor(100)
      const first = await page.title()
      expect(first).not.toBe(original)
      await page.clock.runFor(TIMING.idleTitleDelayMs)
      expect(await page.title()).not.toBe(first)
      await setHidden(false)
      expect(await page.title()).toBe(original)
    } finally {
      await own.close()
    }
  })

  it('shows Australian visitors the consent card with the AU cookie text', async () => {
    const au = await launch({ extraHTTPHeaders: { 'cf-ipcountry': 'AU' } })
    try {
      const page = await au.context.newPage()
      await page.goto(base + '/')
      expect(await page.locator('html').getAttribute('lang')).toBe('en-AU')
      const card = page.locator('[data-notice="cookies"]')
      await card.waitFor({ timeout: 3_000 })
      expect(await card.textContent()).toMatch(/Australian Privacy Principles/)
      await card.getByRole('button', { name: /essential/i }).click()
      expect((await au.context.cookies()).find((c) => c.name === 'cookies_accepted')?.value).toBe('essential')
    } finally {
      await au.close()
    }
  })

  it('sends restricted-country visitors to the /guest/ base', async () => {
    const us = await launch({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } })
    try {
      const page = await us.context.newPage()
      await page.goto(base + '/faq', { waitUntil: 'networkidle' })
      expect(page.url()).toBe(base + '/guest/faq')
      await page.locator('footer a[href="/guest/support"]').click()
      await page.waitForURL(base + '/guest/support')
    } finally {
      await us.close()
    }
  })
})
