import { describe, expect, inject, it, onTestFailed } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { axe, launch, screenshot, watchConsole } from './browser.ts'
import { answerNotices, registerPlayer } from './players.ts'

const base = inject('baseURL')

/** The titles of the games the catalogue api lists for a filter, in its order. */
function titlesFor(page: Page, filter: object): Promise<string[]> {
  return page.evaluate(async (f) => {
    const res = await fetch('/api/games_filter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, page_size: 100, filter: f }),
    })
    return ((await res.json()) as { data: Array<{ title: string }> }).data.map((g) => g.title)
  }, filter)
}

/** The titles on a list's tiles, in their order. */
const tileTitles = (list: Locator) => list.getByRole('listitem').locator('strong').allTextContents()

/** The favourite toggle of a game's tile, by the name it has when the game is (not) a favourite. */
const heart = (scope: Page | Locator, title: string, favourite: boolean) =>
  scope.getByRole('button', {
    name: favourite ? `Remove ${title} from favourites` : `Add ${title} to favourites`,
  })

/** Console problems other than the not-found answers the tests ask for. */
const unexpected = (problems: string[]) => problems.filter((p) => !p.includes('Failed to load resource'))

describe('the lobby', () => {
  it('searches games: debounced, in the URL for reload and back, cleared by the button and by Escape', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'lobby-search-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      // Polar Lantern Drift and Lantern Hill Hauntings, as the catalogue finds them.
      const expected = await titlesFor(page, { title: 'lantern' })
      expect(expected.length).toBeGreaterThanOrEqual(2)
      const box = page.getByRole('searchbox', { name: /^search games$/i })
      const top = page.getByRole('list', { name: /^top games$/i })
      const results = page.getByRole('list', { name: /^search results for “lantern”$/i })

      // One character does not search.
      await box.fill('l')
      await page.waitForTimeout(600)
      expect(new URL(page.url()).search).toBe('')
      expect(await top.getByRole('listitem').count()).toBe(12)

      // Typing on: the results replace the lobby's row, their count is announced.
      await box.pressSequentially('antern', { delay: 30 })
      await page.waitForURL(/\/\?q=lantern$/)
      await expect.poll(() => tileTitles(results)).toEqual(expected)
      await page
        .getByRole('status')
        .filter({ hasText: `${expected.length} games found` })
        .waitFor()
      expect(await top.count()).toBe(0)
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'lobby-search')

      // Reload keeps the search; a result opens its game and back comes to the results.
      await page.reload({ waitUntil: 'load' })
      expect(await box.inputValue()).toBe('lantern')
      await expect.poll(() => tileTitles(results)).toEqual(expected)
      await results.getByRole('link', { name: new RegExp(expected[0]!) }).click()
      await page.getByRole('heading', { level: 1, name: expected[0] }).waitFor()
      await page.goBack()
      await page.waitForURL(/\/\?q=lantern$/)
      expect(await box.inputValue()).toBe('lantern')
      await expect.poll(() => tileTitles(results)).toEqual(expected)

      // The clear button: the lobby's row is back and the field keeps the focus.
      await page.getByRole('button', { name: /^clear the search$/i }).click()
      await page.waitForURL(base + '/')
      await top.getByRole('listitem').first().waitFor()
      expect(await box.inputValue()).toBe('')
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true)

      // From the keyboard: nothing found, then Escape clears.
      await page.keyboard.type('zzqx')
      await page.getByText('No games found for “zzqx”', { exact: false }).waitFor()
      expect(new URL(page.url()).searchParams.get('q')).toBe('zzqx')
      await page.keyboard.press('Escape')
      await page.waitForURL(base + '/')
      expect(await box.inputValue()).toBe('')
      await top.getByRole('listitem').first().waitFor()

      // A list page searches too, with its own heading kept.
      await page.goto(base + '/categories/slots?q=lantern', { waitUntil: 'load' })
      await page.getByRole('heading', { level: 1, name: /^slots$/i }).waitFor()
      await expect.poll(() => tileTitles(results)).toEqual(expected)
      expect(unexpected(problems)).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it('opens a category by its link form /games/{id} and a producer by its id; unknown ones are not found', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'lobby-links-failed').catch(() => undefined))
    try {
      const response = await page.goto(base + '/games/table', { waitUntil: 'load' })
      expect(response?.status()).toBe(200)
      await answerNotices(page)
      await page.getByRole('heading', { level: 1, name: /^table games$/i }).waitFor()
      const expected = await titlesFor(page, { categories: { identifiers: ['table'], strategy: 'OR' } })
      expect(expected.length).toBeGreaterThan(0)
      const list = page.getByRole('list', { name: /^table games$/i })
      await expect.poll(() => tileTitles(list)).toEqual(expected)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${base}/categories/table`,
      )
      expect(await axe(page)).toEqual([])

      // A producer by the id GET /api/games/providers gives (not its slug).
      const [producer] = await page.evaluate(async () => {
        const res = await fetch('/api/games/providers')
        return (await res.json()) as Array<{ id: string; slug: string; title: string }>
      })
      expect(producer!.id).not.toBe(producer!.slug)
      await page.goto(`${base}/producers/${producer!.id}`, { waitUntil: 'load' })
      await page.getByRole('heading', { level: 1, name: `Games by ${producer!.title}` }).waitFor()
      await page
        .getByRole('list', { name: `Games by ${producer!.title}` })
        .getByRole('listitem')
        .first()
        .waitFor()

      for (const path of [
        '/games/no-such-category',
        '/categories/no-such-category',
        `/producers/no-such-producer`,
      ]) {
        const missing = await page.goto(base + path, { waitUntil: 'load' })
        expect(missing?.status(), path).toBe(404)
        await page.getByRole('heading', { level: 1, name: /^page not found$/i }).waitFor()
      }
      expect(unexpected(problems)).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it('browses by category and by studio from the header, the lobby’s bar and its menu, by keyboard and on a phone', async () => {
    const browser = await launch({ viewport: { width: 1280, height: 720 } })
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'lobby-browse-failed').catch(() => undefined))
    const header = page.getByRole('navigation', { name: /^main navigation$/i })
    const categories = page.getByRole('navigation', { name: /^game categories$/i })
    const heading = (name: string) => page.getByRole('heading', { level: 1, name }).waitFor()
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)

      // The header's Games is every game: roulette and blackjack among the slots.
      const every = await titlesFor(page, {})
      expect(every).toEqual(expect.arrayContaining(['European Roulette', 'Blackjack', 'Live Roulette']))
      await header.getByRole('link', { name: /^games$/i }).click()
      await page.waitForURL(base + '/pokies/all')
      await heading('All games')
      const all = page.getByRole('list', { name: /^all games$/i })
      // Scrolled to the end, the list holds every game of the catalogue, in its order.
      await expect
        .poll(async () => {
          await all.getByRole('listitem').last().scrollIntoViewIfNeeded()
          return tileTitles(all)
        })
        .toEqual(every)
      await header.getByRole('link', { name: /^table games$/i }).click()
      await page.waitForURL(base + '/categories/table')
      await heading('Table games')
      const tables = await titlesFor(page, { categories: { identifiers: ['table'], strategy: 'OR' } })
      expect(tables.sort()).toEqual(['Blackjack', 'European Roulette'])
      await header.getByRole('link', { name: /^live$/i }).click()
      await page.waitForURL(base + '/live/all')
      await heading('Live casino')
      expect(await tileTitles(page.getByRole('list', { name: /^live casino$/i }))).toEqual(['Live Roulette'])
      expect(await axe(page)).toEqual([])

      // The lobby's category bar from the keyboard: Tab reaches each link, the arrows move along.
      await page.goto(base + '/', { waitUntil: 'load' })
      const chip = (name: string) => categories.getByRole('link', { name, exact: true })
      await chip('All games').focus()
      await page.keyboard.press('Tab')
      expect(await chip('Top games').evaluate((el) => el === document.activeElement)).toBe(true)
      await page.keyboard.press('End')
      expect(await chip('Classic slots').evaluate((el) => el === document.activeElement)).toBe(true)
      await page.keyboard.press('Home')
      // Top games, New, Slots, Table games, Roulette.
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowLeft')
      await page.keyboard.press('ArrowRight')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Roulette')
      await page.keyboard.press('Enter')
      await page.waitForURL(base + '/categories/roulette')
      await heading('Roulette')
      await expect.poll(() => chip('Roulette').getAttribute('aria-current')).toBe('page')
      const roulette = await titlesFor(page, { categories: { identifiers: ['roulette'], strategy: 'OR' } })
      expect(roulette.sort()).toEqual(['European Roulette', 'Live Roulette'])
      await expect
        .poll(async () => (await tileTitles(page.getByRole('list', { name: /^roulette$/i }))).sort())
        .toEqual(roulette)
      expect(await axe(page)).toEqual([])
      await screenshot(page, 'lobby-category')

      // The studios' menu: opens, closes on Escape (focus back on its button), opens a studio.
      const studios = page.getByRole('navigation', { name: /^game providers$/i })
      const menuButton = studios.getByRole('button', { name: /^providers$/i })
      await menuButton.click()
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true')
      await studios.getByRole('link', { name: 'Goldfinch Games' }).focus()
      await page.keyboard.press('Escape')
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false')
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await studios.getByRole('link').count()).toBe(0)
      await page.keyboard.press('Enter')
      await studios.getByRole('link', { name: 'Goldfinch Games' }).click()
      await page.waitForURL(base + '/producers/goldfinch')
      await heading('Games by Goldfinch Games')
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false')

      // Real pages: page 2 is the next eight games, none of page 1's; the head names the neighbours.
      const goldfinch = await titlesFor(page, { providers: ['goldfinch'] })
      expect(goldfinch.length).toBeGreaterThan(8)
      const list = page.getByRole('list', { name: 'Games by Goldfinch Games' })
      const pages = page.getByRole('navigation', { name: /^pages$/i })
      const head = (rel: string) => page.locator(`head link[rel="${rel}"]`).getAttribute('href')
      expect(await tileTitles(list)).toEqual(goldfinch.slice(0, 8))
      expect(await head('next')).toBe(`${base}/producers/goldfinch/2`)
      expect(await axe(page)).toEqual([])
      await pages.getByRole('link', { name: /^next page$/i }).click()
      await page.waitForURL(base + '/producers/goldfinch/2')
      await expect.poll(() => tileTitles(list)).toEqual(goldfinch.slice(8, 16))
      expect(await pages.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
      expect(await head('canonical')).toBe(`${base}/producers/goldfinch/2`)
      expect(await head('prev')).toBe(`${base}/producers/goldfinch`)
      expect(await page.title()).toMatch(/^Games by Goldfinch Games – page 2 of \d+ \| Aurum Casino$/)
      await screenshot(page, 'lobby-producer-page-2')
      // A direct load of a page past the last one lands on the last one.
      const last = Math.ceil(goldfinch.length / 8)
      await page.goto(base + '/producers/goldfinch/99', { waitUntil: 'load' })
      expect(page.url()).toBe(
        last > 1 ? `${base}/producers/goldfinch/${last}` : `${base}/producers/goldfinch`,
      )

      // On a phone: the bar scrolls inside itself, the page never sideways, the menu fits the window.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(base + '/categories/roulette', { waitUntil: 'load' })
      const fit = () =>
        page.evaluate(() => {
          const bar = document.querySelector('nav[aria-label="Game categories"]')!
          const list = document.querySelector('nav[aria-label="Game providers"] ul')!.getBoundingClientRect()
          return {
            overflow: document.body.scrollWidth - document.body.clientWidth,
            scrolls: bar.scrollWidth > bar.clientWidth,
            menuInside: list.width === 0 || (list.left >= 0 && list.right <= window.innerWidth),
          }
        })
      expect(await fit()).toEqual({ overflow: 0, scrolls: true, menuInside: true })
      await menuButton.click()
      expect(await fit()).toEqual({ overflow: 0, scrolls: true, menuInside: true })
      await screenshot(page, 'lobby-phone-providers')
      await page.keyboard.press('Escape')
      // The phone's menu has the same entries.
      await page.getByRole('button', { name: /^menu$/i }).click()
      await header.getByRole('link', { name: /^live$/i }).click()
      await page.waitForURL(base + '/live/all')
      await heading('Live casino')
      expect(await fit()).toEqual({ overflow: 0, scrolls: true, menuInside: true })
      expect(unexpected(problems)).toEqual([])
    } finally {
      await browser.close()
    }
  })

  it('keeps a player’s favourites across reloads: marked on lobby tiles, listed, one removed', async () => {
    const browser = await launch()
    const page = await browser.context.newPage()
    const problems = watchConsole(page)
    onTestFailed(() => screenshot(page, 'lobby-favourites-failed').catch(() => undefined))
    try {
      await page.goto(base + '/', { waitUntil: 'load' })
      await answerNotices(page)
      await registerPlayer(page, base, { email: `favourites.${Date.now()}@example.com` })
      await page.goto(base + '/pokies/all', { waitUntil: 'load' })
      const lobby = page.getByRole('list', { name: /^all games$/i })
      await lobby.getByRole('listitem').first().waitFor()
      const [first, second, third] = await tileTitles(lobby)
      // The toggles show once the player's favourites are known.
      await heart(lobby, first!, false).waitFor()
      for (const title of [first!, second!]) {
        await heart(lobby, title, false).click()
        await expect.poll(() => heart(lobby, title, true).getAttribute('aria-pressed')).toBe('true')
      }

      await page.reload({ waitUntil: 'load' })
      for (const title of [first!, second!]) {
        await expect.poll(() => heart(lobby, title, true).getAttribute('aria-pressed')).toBe('true')
      }
      expect(await heart(lobby, third!, false).getAttribute('aria-pressed')).toBe('false')

      await page.goto(base + '/favorite-games', { waitUntil: 'load' })
      const favourites = page.getByRole('list', { name: /^favourite games$/i })
      await expect.poll(async () => (await tileTitles(favourites)).sort()).toEqual([first, second].sort())
      expect(await axe(page)).toEqual([])
      await heart(favourites, first!, true).click()
      await expect.poll(() => tileTitles(favourites)).toEqual([second])

      await page.reload({ waitUntil: 'load' })
      await expect.poll(() => tileTitles(favourites)).toEqual([second])
      expect(unexpected(problems)).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
