import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SsrRequest, SsrTransport } from '@aurum/shared'
import { createTestApp, registerPlayer, type TestContext } from '../../../api/src/test/helpers.ts'
import { seedTestGames } from '../../../api/src/modules/games/testing.ts'
import { render } from './entry-server.tsx'

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
    const ca = await page('/bonus-terms', { country: 'CA' })
    expect(ca.lang).toBe('en-CA')
    expect(ca.html).toContain('100% up to $500 + 100 free spins')
    expect(ca.head).toContain('100% up to $500 + 100 free spins')
    expect(ca.html).not.toContain('{{amount')
    expect((await page('/fr-ca/bonus-terms', { country: 'CA' })).html).toMatch(/500 \$/)
    const de = await page('/bonus-terms', { country: 'DE' })
    expect(de.html).toContain('100 % bis 500 € + 100 Freispiele')
    expect(de.html).not.toContain('{{amount')
    expect((await page('/bonus-terms', { country: 'NZ' })).html).toContain('up to $500')
    expect((await page('/bonus-terms', { country: 'FR' })).html).toContain('up to €500')
    // A signed-in player reads their wallet's currency; a crypto player their country's fiat.
    const nok = await registerPlayer(ctx.app, { currency: 'NOK' })
    const cookie = { cookie: `sid=${nok.sid}` }
    expect((await page('/bonus-terms', { country: 'CA', headers: cookie })).html).toContain('up to NOK 5,000')
    const btc = await registerPlayer(ctx.app, { currency: 'BTC', country: 'AU' })
    expect(
      (await page('/bonus-terms', { country: 'CA', headers: { cookie: `sid=${btc.sid}` } })).html,
    ).toContain('up to A$500')
  })

  it('names app routes in the page language, from CMS SEO meta or the translations', async () => {
    const ja = await render(request('/ja/support'))
    if (ja.kind !== 'html') throw new Error('expected html')
    expect(ja.head).toContain('<title>サポート')
    const fi = await render(request('/fi'))
    if (fi.kind !== 'html') throw new Error('expected html')
    expect(fi.head).toMatch(/<title>Aurum Casino – nettislotit/)
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
    for (const key of [goldfinch.slug, goldfinch.id]) {
      const page = await html(`/producers/${key}`)
      expect(page.status).toBe(200)
      expect(page.html).toContain('Games by Goldfinch Games')
    }
    for (const url of [
      '/games/no-such-category',
      '/categories/no-such-category',
      '/pokies/nope',
      '/producers/999999',
    ]) {
      const missing = await html(url)
      expect(missing.status, url).toBe(404)
      expect(missing.html, url).toContain('Page not found')
    }
  })
})
