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
