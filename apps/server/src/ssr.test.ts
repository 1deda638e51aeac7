import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SsrRequest, SsrTransport } from '@aurum/shared'
import { createTestApp, registerPlayer, seedTestGames, type TestContext } from '@aurum/api/testing'
import { render } from '@aurum/web/entry-server'

/**
 * Server rendering against the real api (in-process, on a cloned database), as the
 * production server wires it; lives in the api project because it needs the database.
 */
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

function request(url: string, options: Partial<SsrRequest> & { fail?: RegExp } = {}): SsrRequest {
  const transport: SsrTransport = async (req) => {
    if (options.fail?.test(req.url))
      return { status: 500, statusText: 'Internal Server Error', headers: {}, body: '{}' }
    const res = await ctx.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      payload: req.body,
    })
    return {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: res.headers as Record<string, string>,
      body: res.body,
    }
  }
  return {
    url,
    origin: 'https://aurum.casino',
    headers: {},
    country: null,
    restricted: false,
    transport,
    ...options,
  }
}

describe('server-side rendering', () => {
  it('renders the main page with its data and hands over the initial state', async () => {
    const result = await render(request('/'))
    if (result.kind !== 'html') throw new Error('expected html')
    expect(result.status).toBe(200)
    expect(result.lang).toBe('en-CA')
    expect(result.html).toContain('aria-roledescription="carousel"')
    expect(result.head).toContain('<link rel="canonical" href="https://aurum.casino/"')
    expect(result.head).toContain('hreflang="de" href="https://aurum.casino/de"')
    const state = JSON.parse(result.state)
    expect(state.env).toMatchObject({ locale: 'en-CA', basename: '/', restricted: false })
    expect(state.query.queries.map((q: { queryKey: unknown[] }) => q.queryKey[1])).toEqual(
      expect.arrayContaining(['pages', 'snippets', 'files', 'locales', 'project']),
    )
    expect(result.state).not.toContain('</script')
    // The top row's games carry what a tile shows, not the whole catalogue entry.
    const top = state.query.queries.find((q: { queryKey: unknown[] }) => q.queryKey[1] === 'first')
    expect(top.state.data.data.length).toBeGreaterThan(0)
    for (const game of top.state.data.data) {
      expect(Object.keys(game).sort()).toEqual([
        'badges',
        'identifier',
        'preview',
        'provider',
        'seo_title',
        'title',
      ])
    }
  })

  it('keeps rendering when a start-up load fails', async () => {
    const result = await render(request('/', { fail: /snippets|files/ }))
    if (result.kind !== 'html') throw new Error('expected html')
    expect(result.status).toBe(200)
    expect(result.html).toContain('<footer')
    expect(result.html).not.toContain('aria-roledescription="carousel"')
  })

  it('renders static pages in the language of the prefix, and 404 for unknown paths', async () => {
    const page = await render(request('/de/privacy-policy'))
    if (page.kind !== 'html') throw new Error('expected html')
    expect(page.lang).toBe('de')
    expect(page.html).toContain('<h1')
    expect(page.head).toContain('href="https://aurum.casino/de/privacy-policy"')
    const missing = await render(request('/no-such-page'))
    expect(missing).toMatchObject({ kind: 'html', status: 404 })
  })

  it('redirects per the spec and to canonical URLs', async () => {
    expect(await render(request('/accounts/history'))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/',
    })
    expect(await render(request('/users/password/edit?reset_password_token=abc'))).toMatchObject({
      kind: 'redirect',
      location: '/new-password?reset_password_token=abc',
    })
    expect(await render(request('/de/users/confirmation'))).toMatchObject({ location: '/de/confirmation' })
    expect(await render(request('/en-ca/support'))).toMatchObject({ kind: 'redirect', location: '/support' })
    expect(await render(request('/support', { country: 'US', restricted: true }))).toMatchObject({
      kind: 'redirect',
      location: '/guest/support',
    })
  })

  it('marks restricted-country guest pages noindex and uses the country language', async () => {
    const guest = await render(request('/guest/support', { country: 'US', restricted: true }))
    if (guest.kind !== 'html') throw new Error('expected html')
    expect(guest.head).toContain('content="noindex, nofollow"')
    const au = await render(request('/', { country: 'AU' }))
    if (au.kind !== 'html') throw new Error('expected html')
    expect(au.lang).toBe('en-AU')
  })

  it('shows CMS amounts in the visitor currency: country default for guests, the wallet for players', async () => {
    const page = async (url: string, options: Partial<SsrRequest> = {}) => {
      const result = await render(request(url, options))
      if (result.kind !== 'html') throw new Error(`expected html for ${url}`)
      // Intl separates with no-break spaces.
      return { ...result, html: result.html.replace(/[\u00a0\u202f]/g, ' '), head: result.head }
    }
    // The payments page: "… your withdrawals within 30 days exceed {{amount:2000}} in total".
    const ca = await page('/payments', { country: 'CA' })
    expect(ca.lang).toBe('en-CA')
    expect(ca.html).toContain('withdrawals within 30 days exceed $2,000 in total')
    expect(ca.html + ca.head).not.toContain('{{amount')
    expect((await page('/fr-ca/payments', { country: 'CA' })).html).toMatch(/2 000 \$/)
    const de = await page('/payments', { country: 'DE' })
    expect(de.html).toContain('Auszahlungen innerhalb von 30 Tagen insgesamt 2.000 € übersteigen')
    expect(de.html + de.head).not.toContain('{{amount')
    expect((await page('/payments', { country: 'NZ' })).html).toContain('exceed $2,000 in total')
    expect((await page('/payments', { country: 'FR' })).html).toContain('exceed €2,000 in total')
    // A signed-in player reads their wallet's currency; a crypto player their country's fiat.
    const nok = await registerPlayer(ctx.app, { currency: 'NOK' })
    const cookie = { cookie: `sid=${nok.sid}` }
    expect((await page('/payments', { country: 'CA', headers: cookie })).html).toContain(
      'exceed NOK 20,000 in total',
    )
    const btc = await registerPlayer(ctx.app, { currency: 'BTC', country: 'AU' })
    expect(
      (await page('/payments', { country: 'CA', headers: { cookie: `sid=${btc.sid}` } })).html,
    ).toContain('exceed A$2,000 in total')
  })

  it('names app routes in the page language, from CMS SEO meta or the translations', async () => {
    const ja = await render(request('/ja/support'))
    if (ja.kind !== 'html') throw new Error('expected html')
    expect(ja.head).toContain('<title>サポート')
    const fi = await render(request('/fi'))
    if (fi.kind !== 'html') throw new Error('expected html')
    expect(fi.head).toMatch(/<title>Aurum Casino – nettislotit/)
  })

  it("keeps concurrent renders apart: a player's data and guards never reach a guest's render", async () => {
    const player = await registerPlayer(ctx.app)
    // Every api call waits a little, so the renders' loaders interleave.
    const slow = (options: Partial<SsrRequest>): SsrRequest => {
      const base = request('/', options)
      return {
        ...base,
        ...options,
        transport: async (req) => {
          await new Promise((r) => setTimeout(r, Math.random() * 20))
          return base.transport(req)
        },
      }
    }
    const signedIn = { headers: { cookie: `sid=${player.sid}` } }
    const results = await Promise.all([
      render(slow({ url: '/users', ...signedIn })),
      render(slow({ url: '/users' })),
      render(slow({ url: '/', ...signedIn })),
      render(slow({ url: '/' })),
      render(slow({ url: '/de/users', ...signedIn })),
      render(slow({ url: '/de/users' })),
    ])
    const [playerProfile, guestProfile, playerMain, guestMain, playerDe, guestDe] = results
    expect(playerProfile).toMatchObject({ kind: 'html', status: 200 })
    expect(playerDe).toMatchObject({ kind: 'html', status: 200, lang: 'de' })
    expect(guestProfile).toMatchObject({ kind: 'redirect' })
    expect(guestDe).toMatchObject({ kind: 'redirect' })
    if (playerMain.kind !== 'html' || guestMain.kind !== 'html') throw new Error('expected html')
    expect(playerMain.state).toContain(player.email)
    expect(guestMain.state).not.toContain(player.email)
  })

  it('streams the page it would render whole, once the loaders have settled status and redirects', async () => {
    const player = await registerPlayer(ctx.app)
    const signedIn = { headers: { cookie: `sid=${player.sid}` } }
    // Two renders a few milliseconds apart: only when their data arrived differs, and so
    // the order in which parallel loaders created their queries.
    const timeless = (s: string) => {
      const state = JSON.parse(s.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0'))
      state.query.queries.sort((a: { queryHash: string }, b: { queryHash: string }) =>
        a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0,
      )
      return JSON.stringify(state)
    }
    for (const [url, options, status] of [
      ['/', signedIn, 200],
      ['/users', signedIn, 200],
      ['/de/pokies/all', signedIn, 200],
      ['/no-such-page', signedIn, 404],
      ['/', {}, 200],
    ] as const) {
      const whole = await render(request(url, options))
      const streamed = await render(request(url, { ...options, stream: true }))
      if (whole.kind !== 'html' || streamed.kind !== 'stream')
        throw new Error(`${url}: expected html and stream`)
      expect(streamed.status).toBe(status)
      expect(streamed).toMatchObject({
        status: whole.status,
        lang: whole.lang,
        head: whole.head,
        modules: whole.modules,
      })
      const chunks: string[] = []
      const errors: unknown[] = []
      const state = await streamed.body(
        { write: (chunk) => chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()) },
        (error) => errors.push(error),
      )
      expect(errors).toEqual([])
      expect(chunks.join('')).toBe(whole.html)
      expect(timeless(state)).toBe(timeless(whole.state))
    }
    // A guard's redirect is decided by the loaders, before anything is sent.
    expect(await render(request('/users', { stream: true }))).toMatchObject({ kind: 'redirect' })
  })

  it('renders game lists by their link forms and answers 404 for unknown categories and producers', async () => {
    await seedTestGames(ctx)
    const html = async (url: string) => {
      const result = await render(request(url))
      if (result.kind !== 'html') throw new Error(`expected html for ${url}`)
      return result
    }
    // /games/{id} is the category list; its canonical and alternate links name /categories/{id}.
    const link = await html('/games/slots')
    expect(link.status).toBe(200)
    expect(link.html).toMatch(/<h1[^>]*>Slots<\/h1>/)
    expect(link.head).toContain('<link rel="canonical" href="https://aurum.casino/categories/slots"')
    expect(link.head).toContain('hreflang="de" href="https://aurum.casino/de/categories/slots"')
    expect((await html('/categories/slots')).head).toContain(
      '<link rel="canonical" href="https://aurum.casino/categories/slots"',
    )
    // A producer by its slug or by its id from GET /api/games/providers (a number, not the slug).
    const providers = (await ctx.app.inject({ url: '/api/games/providers' })).json<
      Array<{ id: string; slug: string; title: string }>
    >()
    const goldfinch = providers.find((p) => p.slug === 'goldfinch')!
    expect(goldfinch.id).not.toBe(goldfinch.slug)
    const page = await html(`/producers/${goldfinch.slug}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Games by Goldfinch Games')
    // The id form is a link to the studio's own address (with its page).
    expect(await render(request(`/producers/${goldfinch.id}`))).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/producers/goldfinch',
    })
    expect(await render(request(`/de/producers/${goldfinch.id}/2`))).toMatchObject({
      status: 301,
      location: '/de/producers/goldfinch/2',
    })
    for (const url of [
      '/games/no-such-category',
      '/categories/no-such-category',
      '/categories/all',
      '/pokies/nope',
      '/producers/999999',
      '/producers/goldfinch/0',
      '/producers/goldfinch/02',
      '/producers/goldfinch/two',
    ]) {
      const missing = await html(url)
      expect(missing.status, url).toBe(404)
      expect(missing.html, url).toContain('Page not found')
    }
  })

  it('pages a studio’s games for real, with prev, next and canonical links, and lists every game in “All games”', async () => {
    await seedTestGames(ctx)
    const html = async (url: string) => {
      const result = await render(request(url))
      if (result.kind !== 'html') throw new Error(`expected html for ${url}`)
      return result
    }
    /** The tile titles of the list labelled so. */
    const titles = (body: string, label: string) => {
      const list = body.split(`aria-label="${label}"`)[1]?.split('</ul>')[0] ?? ''
      return [...list.matchAll(/<strong[^>]*>([^<]+)<\/strong>/g)].map((m) => m[1])
    }
    const label = 'Games by Goldfinch Games'
    const total = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/games_filter',
        payload: { page_size: 1, filter: { providers: ['goldfinch'] } },
      })
    ).json<{ pagination: { total_count: number } }>().pagination.total_count
    const pages = Math.ceil(total / 8)
    expect(pages).toBeGreaterThanOrEqual(2)
    // 8 games a page: page 2 holds the next 8 (or the rest), none of page 1's.
    const first = await html('/producers/goldfinch')
    const second = await html('/producers/goldfinch/2')
    const last = await html(`/producers/goldfinch/${pages}`)
    expect(second.status).toBe(200)
    expect(titles(first.html, label)).toHaveLength(8)
    expect(titles(second.html, label)).toHaveLength(pages === 2 ? total - 8 : 8)
    expect(titles(second.html, label).filter((t) => titles(first.html, label).includes(t))).toEqual([])
    expect(titles(last.html, label)).toHaveLength(total - 8 * (pages - 1))
    expect(first.head).toContain('<link rel="canonical" href="https://aurum.casino/producers/goldfinch"')
    expect(first.head).toContain('<link rel="next" href="https://aurum.casino/producers/goldfinch/2"')
    expect(first.head).not.toContain('rel="prev"')
    expect(second.head).toContain('<link rel="canonical" href="https://aurum.casino/producers/goldfinch/2"')
    expect(second.head).toContain('<link rel="prev" href="https://aurum.casino/producers/goldfinch"')
    expect(last.head).not.toContain('rel="next"')
    expect(second.head).toContain(
      `<title>Games by Goldfinch Games – page 2 of ${pages} | Aurum Casino</title>`,
    )
    expect(second.html).toMatch(/<a[^>]*aria-current="page"[^>]*>2<\/a>/)
    // In German, with the language prefix on every link.
    const de = await html('/de/producers/goldfinch/2')
    expect(de.head).toContain('<link rel="prev" href="https://aurum.casino/de/producers/goldfinch"')
    expect(de.head).toContain(
      `<title>Spiele von Goldfinch Games – Seite 2 von ${pages} | Aurum Casino</title>`,
    )
    // Page 1 written out, and a page past the last: the canonical page and the last one.
    expect(await render(request('/producers/goldfinch/1'))).toMatchObject({
      status: 301,
      location: '/producers/goldfinch',
    })
    expect(await render(request(`/producers/goldfinch/${pages + 1}`))).toMatchObject({
      kind: 'redirect',
      location: `/producers/goldfinch/${pages}`,
    })

    // "All games" is every game, the live table included; a category page has its own title.
    const all = await html('/pokies/all')
    expect(all.html).toMatch(/<h1[^>]*>All games<\/h1>/)
    const every = (
      await ctx.app.inject({ method: 'POST', url: '/api/games_filter', payload: { page_size: 100 } })
    ).json<{ data: Array<{ title: string }>; pagination: { total_count: number } }>()
    expect(every.data.map((g) => g.title)).toEqual(
      expect.arrayContaining(['European Roulette', 'Blackjack', 'Live Roulette']),
    )
    const lobby = JSON.parse(all.state).query.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[1] === 'filter',
    )
    expect(lobby.queryKey[2]).toEqual({})
    expect(lobby.state.data.pages[0].pagination.total_count).toBe(every.pagination.total_count)
    expect(titles(all.html, 'All games')).toHaveLength(24)
    expect(all.head).toContain(
      '<title>All games – slots, roulette, blackjack and live roulette | Aurum Casino</title>',
    )
    const live = await html('/live/all')
    expect(titles(live.html, 'Live casino')).toEqual(['Live Roulette'])
    expect((await html('/categories/roulette')).head).toContain(
      '<title>Roulette – play online | Aurum Casino</title>',
    )
    expect((await html('/de/categories/slots')).head).toContain(
      '<title>Slots – online spielen | Aurum Casino</title>',
    )
    // The lobby's navigation renders with the page: the categories that have games, the studios.
    expect(all.html).toContain('aria-label="Game categories"')
    expect(all.html).toContain('href="/categories/roulette"')
    expect(all.html).toContain('href="/producers/northwind"')
    expect(all.html).toContain('href="/categories/blackjack"')
    // A category without games for this visitor (blackjack kept for a group) is neither linked nor shown.
    await ctx.db.query(`UPDATE games SET group_ids = '{545}' WHERE type = 'blackjack'`)
    try {
      expect((await html('/pokies/all')).html).not.toContain('href="/categories/blackjack"')
      expect((await html('/categories/blackjack')).status).toBe(404)
    } finally {
      await ctx.db.query(`UPDATE games SET group_ids = '{}' WHERE type = 'blackjack'`)
    }
  })
})
