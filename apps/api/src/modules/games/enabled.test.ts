import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { CacheInvalidation } from '../../lib/cache-bus.ts'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { createTestNodes, pollUntil, type TestNodes } from '../../test/nodes.ts'
import { testRedisUrls } from '../../test/redis.ts'

const listed = async (app: FastifyInstance, identifier: string) =>
  Object.values(
    (
      await app.inject({
        method: 'POST',
        url: '/api/games_filter/select',
        payload: { game_ids: [identifier] },
      })
    ).json<Record<string, { identifier: string }>>(),
  ).map((g) => g.identifier)

describe('taking a game out of the catalogue', () => {
  let ctx: TestContext
  let identifier: string
  let provider: string
  beforeAll(async () => {
    ctx = await createTestApp()
    const [game] = await ctx.db.query<{ identifier: string; provider: string }>(
      `SELECT identifier, provider FROM games WHERE has_demo ORDER BY position LIMIT 1`,
    )
    ;({ identifier, provider } = game!)
  })
  afterAll(() => ctx.close())

  it('leaves no list, search, category count, favourites or launch; put back, it is everywhere again', async () => {
    const catalogue = ctx.app.services.catalogue
    const player = await registerPlayer(ctx.app)
    const [currencyId] = await ctx.db.query<{ id: bigint }>(
      `SELECT c.id FROM game_currency_ids c JOIN games g ON g.id = c.game_id WHERE g.identifier = $1 AND c.currency = 'FUN'`,
      [identifier],
    )
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/player/favorite_games/${currencyId!.id}`,
      cookies: { sid: player.sid },
    })
    const favourites = async () =>
      (
        await ctx.app.inject({
          url: '/api/player/favorite_games',
          cookies: { sid: player.sid },
          headers: { 'accept-client': 'application/vnd.s.v2+json' },
        })
      )
        .json<Array<{ identifier: string }>>()
        .map((g) => g.identifier)
    const count = async () =>
      (await ctx.app.inject('/api/games/collections')).json<Array<{ id: string; games_count: number }>>()
    const launch = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/games/launch',
          payload: { identifier, mode: 'demo' },
        })
      ).statusCode
    const heard: CacheInvalidation[] = []
    ctx.app.caches.subscribe((m) => heard.push(m))

    expect(await listed(ctx.app, identifier)).toEqual([identifier])
    expect(await favourites()).toContain(identifier)
    const counts = await count()
    expect(await launch()).toBe(200)

    expect(await catalogue.setGameEnabled(identifier, false)).toBe(true)
    expect(heard).toEqual([{ scope: 'catalogue' }])
    expect(await listed(ctx.app, identifier)).toEqual([])
    expect(await favourites()).not.toContain(identifier)
    const fewer = await count()
    expect(fewer.reduce((n, c) => n + c.games_count, 0)).toBeLessThan(
      counts.reduce((n, c) => n + c.games_count, 0),
    )
    expect(await launch()).toBe(404)
    // The studio stays while it has other games.
    const providers = (await ctx.app.inject('/api/games/providers')).json<Array<{ provider: string }>>()
    expect(providers.map((p) => p.provider)).toContain(provider)

    expect(await catalogue.setGameEnabled(identifier, true)).toBe(true)
    expect(await listed(ctx.app, identifier)).toEqual([identifier])
    expect(await favourites()).toContain(identifier)
    expect(await count()).toEqual(counts)
    expect(await launch()).toBe(200)

    expect(await catalogue.setGameEnabled('nobody:no-such-game', false)).toBe(false)
    expect(heard).toHaveLength(2)
  })
})

for (const url of testRedisUrls) {
  describe('a catalogue change across two nodes (Redis)', () => {
    let cluster: TestNodes
    beforeAll(async () => {
      cluster = await createTestNodes(2, { REDIS_URL: url })
    })
    afterAll(() => cluster?.close())

    it("reaches node B's caches within 1 s (the server renders' guest lobby data listen to it)", async () => {
      const [a, b] = cluster.nodes as [FastifyInstance, FastifyInstance]
      const [game] = await cluster.db.query<{ identifier: string }>(
        'SELECT identifier FROM games ORDER BY position DESC LIMIT 1',
      )
      const heard: CacheInvalidation[] = []
      b.caches.subscribe((m) => heard.push(m))
      await a.services.catalogue.setGameEnabled(game!.identifier, false)
      const { ms } = await pollUntil(
        async () => heard.length,
        (n) => n > 0,
        1_000,
      )
      expect(heard).toEqual([{ scope: 'catalogue' }])
      expect(ms).toBeLessThan(1_000)
      expect(await listed(b, game!.identifier)).toEqual([])
    })
  })
}
