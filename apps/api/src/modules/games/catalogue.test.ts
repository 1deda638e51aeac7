import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { client } from '../payments/testing.ts'
import { seedTestGames, TEST_WALLET_SECRET } from './testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

const filter = (body: unknown, sid?: string) => client(ctx, sid).post('/api/games_filter', body)
interface Item {
  identifier: string
  seo_title: string
  currencies: Record<string, { id: number }>
  has_demo_mode: boolean
  preview: string
}

describe('the game catalogue', () => {
  it('lists providers and categories with counts, titles in the asked language', async () => {
    const providers = (await client(ctx).get('/api/games/providers')).json()
    expect(providers).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          title: 'Goldfinch Games',
          provider: 'goldfinch',
          slug: 'goldfinch',
          url: '/producers/goldfinch',
          name: 'Goldfinch Games',
        },
      ]),
    )
    const collections = (
      await ctx.app.inject({ url: '/api/games/collections?l=de', headers: { 'accept-language': 'de' } })
    ).json()
    const slots = collections.find((c: { id: string }) => c.id === 'slots')
    expect(slots.games_count).toBeGreaterThanOrEqual(30)
    expect(collections.find((c: { id: string }) => c.id === 'live').title).toBe('Live-Casino')
  })

  it('sorts every game into the lobby’s categories by what it is: tables, roulette, blackjack, live', async () => {
    const titlesOf = async (category: string) =>
      (await filter({ page_size: 100, filter: { categories: { identifiers: [category], strategy: 'OR' } } }))
        .json<{ data: Array<{ title: string }> }>()
        .data.map((g) => g.title)
        .sort()
    expect(await titlesOf('table')).toEqual(['Blackjack', 'European Roulette'])
    expect(await titlesOf('roulette')).toEqual(['European Roulette', 'Live Roulette'])
    expect(await titlesOf('blackjack')).toEqual(['Blackjack'])
    expect(await titlesOf('live')).toEqual(['Live Roulette'])
    // Each category's count is what its list holds; the lobby's order is kept.
    const collections = (await client(ctx).get('/api/games/collections?l=en')).json<
      Array<{ id: string; title: string; games_count: number }>
    >()
    expect(collections.map((c) => c.id)).toEqual([
      'top',
      'new',
      'slots',
      'table',
      'roulette',
      'blackjack',
      'live',
      'high-volatility',
      'classic',
    ])
    for (const c of collections) expect(c.games_count, c.id).toBe((await titlesOf(c.id)).length)
    expect(collections.find((c) => c.id === 'roulette')!.title).toBe('Roulette')
  })

  it('lists only the providers with games the visitor may see (spec §6)', async () => {
    const slugs = async (sid?: string) =>
      (await client(ctx, sid).get('/api/games/providers')).json<Array<{ slug: string }>>().map((p) => p.slug)
    expect(await slugs()).toContain('aurum-tables')
    await ctx.db.query(`UPDATE games SET group_ids = '{544}' WHERE provider = 'aurum-tables'`)
    try {
      expect(await slugs()).not.toContain('aurum-tables')
      const player = await registerPlayer(ctx.app)
      await ctx.db.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, 544)', [player.id])
      expect(await slugs(player.sid)).toContain('aurum-tables')
    } finally {
      await ctx.db.query(`UPDATE games SET group_ids = '{}' WHERE provider = 'aurum-tables'`)
    }
  })

  it('pages through a category, and filters by provider, title and device', async () => {
    const first = await filter({
      page: 1,
      page_size: 10,
      filter: { title: 'test slot', categories: { identifiers: ['slots'], strategy: 'OR' } },
    })
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toHaveLength(10)
    expect(first.json().pagination).toEqual({
      current_page: 1,
      next_page: 2,
      prev_page: null,
      total_pages: 3,
      total_count: 30,
    })
    const last = (await filter({ page: 3, page_size: 10, filter: { title: 'test slot' } })).json()
    expect(last.pagination).toMatchObject({ next_page: null, prev_page: 2 })
    const item: Item = first.json().data[0]
    expect(item.currencies.EUR!.id).toEqual(expect.any(Number))
    expect(item.currencies.FUN!.id).toEqual(expect.any(Number))
    expect(item.has_demo_mode).toBe(true)

    const northwind = (
      await filter({ filter: { providers: ['northwind'], title: 'test slot' }, page_size: 100 })
    ).json()
    expect(northwind.pagination.total_count).toBe(15)
    const frozen = (await filter({ filter: { title: 'FROZEN test' }, device: 'mobile' })).json()
    expect(frozen.data.every((g: { title: string }) => g.title.startsWith('Frozen'))).toBe(true)
    // Bad input is refused with a clear answer, never a 500.
    expect((await filter({ page: 0 })).statusCode).toBe(422)
    expect((await filter({ page_size: 1000 })).statusCode).toBe(422)
    expect(
      (await filter({ filter: { categories: { identifiers: ['x'], strategy: 'AND' } } })).statusCode,
    ).toBe(422)
  })

  it('selects games by identifier or seo title', async () => {
    const selected = (
      await client(ctx).post('/api/games_filter/select', {
        game_ids: ['goldfinch:test-slot-1', 'test-slot-2'],
      })
    ).json()
    expect(Object.keys(selected).sort()).toEqual(['goldfinch:test-slot-1', 'northwind:test-slot-2'])
    const bySeo = (
      await client(ctx).post('/api/games_filter/select_by_seo_titles', { game_seo_titles: ['test-slot-3'] })
    ).json()
    expect(Object.values(bySeo)).toHaveLength(1)
    expect((Object.values(bySeo)[0] as Item).identifier).toBe('goldfinch:test-slot-3')
  })

  it('hides games gated by groups from everyone outside them (spec §6)', async () => {
    await ctx.db.query(`UPDATE games SET group_ids = '{545}' WHERE identifier = 'goldfinch:test-slot-5'`)
    const guest = (
      await client(ctx).post('/api/games_filter/select', { game_ids: ['goldfinch:test-slot-5'] })
    ).json()
    expect(guest).toEqual({})
    const player = await registerPlayer(ctx.app)
    await ctx.db.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, 545)', [player.id])
    const member = (
      await client(ctx, player.sid).post('/api/games_filter/select', { game_ids: ['goldfinch:test-slot-5'] })
    ).json()
    expect(Object.keys(member)).toEqual(['goldfinch:test-slot-5'])
  })

  it('keeps favourites by per-currency id and answers ids (v1) or games (v2)', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const api = client(ctx, player.sid)
    const game: Item = Object.values(
      (await api.post('/api/games_filter/select', { game_ids: ['goldfinch:test-slot-7'] })).json(),
    )[0] as Item
    const eurId = game.currencies.EUR!.id
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/player/favorite_games/${eurId}`,
      cookies: { sid: player.sid },
    })
    expect(put.statusCode).toBe(204)
    // The demo id names the same game.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/player/favorite_games/${game.currencies.FUN!.id}`,
      cookies: { sid: player.sid },
    })
    const v1 = await ctx.app.inject({
      url: '/api/player/favorite_games',
      cookies: { sid: player.sid },
      headers: { 'accept-client': 'application/vnd.s.v1+json' },
    })
    expect(v1.json()).toEqual([eurId])
    const v2 = await ctx.app.inject({
      url: '/api/player/favorite_games',
      cookies: { sid: player.sid },
      headers: { 'accept-client': 'application/vnd.s.v2+json' },
    })
    expect(v2.json().map((g: Item) => g.identifier)).toEqual(['goldfinch:test-slot-7'])
    expect((await api.delete(`/api/player/favorite_games/${eurId}`)).statusCode).toBe(204)
    expect(
      (
        await ctx.app.inject({
          url: '/api/player/favorite_games',
          cookies: { sid: player.sid },
          headers: { 'accept-client': 'application/vnd.s.v1+json' },
        })
      ).json(),
    ).toEqual([])
    expect((await api.delete('/api/player/favorite_games/999999999')).statusCode).toBe(404)
    expect((await client(ctx).get('/api/player/favorite_games')).statusCode).toBe(401)
    expect(
      (
        await ctx.app.inject({
          url: '/api/player/favorite_games',
          cookies: { sid: player.sid },
          headers: { 'accept-client': 'application/vnd.s.v9+json' },
        })
      ).statusCode,
    ).toBe(422)
  })

  it('launches a demo for anyone, real money only for a player, never a demo of a live game', async () => {
    const demo = await client(ctx).post('/api/games/launch', {
      identifier: 'goldfinch:test-slot-1',
      mode: 'demo',
    })
    expect(demo.statusCode).toBe(200)
    const url = new URL(demo.json().url)
    expect(url.searchParams.get('mode')).toBe('demo')
    expect(url.searchParams.has('token')).toBe(false)
    expect(demo.json().currency).toBe('FUN')
    expect(
      (await client(ctx).post('/api/games/launch', { identifier: 'goldfinch:test-slot-1', mode: 'real' }))
        .statusCode,
    ).toBe(401)
    const live = await client(ctx).post('/api/games/launch', {
      identifier: 'aurum-live:live-roulette',
      mode: 'demo',
    })
    expect(live.statusCode).toBe(422)
    expect(live.json().code).toBe('no_demo')
    expect(
      (await client(ctx).post('/api/games/launch', { identifier: 'nope:nope', mode: 'demo' })).statusCode,
    ).toBe(404)
    // Real money in a currency the player holds no wallet in: refused, and said so.
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const noWallet = await client(ctx, player.sid).post('/api/games/launch', {
      identifier: 'goldfinch:test-slot-1',
      mode: 'real',
      currency: 'JPY',
    })
    expect(noWallet.statusCode).toBe(422)
    expect(noWallet.json()).toMatchObject({
      code: 'no_wallet',
      error: 'You have no wallet in this currency. Add it to your wallets first.',
    })
  })

  it('draws each game’s preview, cached and validated by ETag', async () => {
    const res = await ctx.app.inject({ url: '/game-art/goldfinch/test-slot-1.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.body).toContain('<svg')
    expect(res.body).toContain('Frozen Test Slot 1')
    const again = await ctx.app.inject({
      url: '/game-art/goldfinch/test-slot-1.svg',
      headers: { 'if-none-match': res.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect((await ctx.app.inject({ url: '/game-art/goldfinch/nope.svg' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/game-art/goldfinch/..%2Fsecret' })).statusCode).toBe(422)
  })
})
