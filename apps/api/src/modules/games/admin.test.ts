import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testClock } from '@aurum/db'
import type { CacheInvalidation } from '../../lib/cache-bus.ts'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { createTestNodes, pollUntil, type TestNodes } from '../../test/nodes.ts'
import { testRedisUrls } from '../../test/redis.ts'
import { signedInStaff, type SignedInStaff } from '../../test/staff.ts'
import { fund } from '../payments/testing.ts'
import { syncCatalogue } from './catalogue.ts'
import {
  openRealSession,
  seedTestGames,
  spin,
  TEST_GAMES,
  TEST_PROVIDERS,
  TEST_WALLET_SECRET,
} from './testing.ts'

/**
 * The back office's games screen (docs/backoffice.md "Games"): the catalogue with its filters, a
 * game's enabled flag, place, categories, badges and countries (audited, visible to players at
 * once, kept by the start-up sync), and the rounds the casino recorded.
 */
const clock = testClock()
let ctx: TestContext
let marketing: SignedInStaff
let readOnly: SignedInStaff
let kyc: SignedInStaff
const GAME = 'goldfinch:test-slot-1'
let gameId: number

beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { clock })
  await seedTestGames(ctx)
  marketing = await signedInStaff(ctx.app, clock, 'marketing')
  readOnly = await signedInStaff(ctx.app, clock, 'read-only')
  kyc = await signedInStaff(ctx.app, clock, 'kyc')
  const [row] = await ctx.db.query<{ id: bigint }>('SELECT id FROM games WHERE identifier = $1', [GAME])
  gameId = Number(row!.id)
})
afterAll(() => ctx?.close())

type Listed = { identifier: string; badges: string[]; categories: string[] }
const lobby = async (body: object = {}, country?: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/games_filter',
      payload: { page: 1, page_size: 100, ...body },
      headers: country ? { 'cf-ipcountry': country } : {},
    })
  ).json<{ data: Listed[] }>().data
const launch = async (country?: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/games/launch',
      payload: { identifier: GAME, mode: 'demo' },
      headers: country ? { 'cf-ipcountry': country } : {},
    })
  ).statusCode
const audits = (identifier: string) =>
  ctx.db.query<{
    actor_label: string
    before: Record<string, unknown>
    after: Record<string, unknown>
    reason: string | null
  }>(
    `SELECT actor_label, before, after, reason FROM audit_log WHERE action = 'game.updated' AND target_id = $1 ORDER BY id`,
    [identifier],
  )

describe('the catalogue', () => {
  it('lists with filters and sort, pages, and exports CSV', async () => {
    const all = await readOnly.call('GET', '/api/admin/games?per_page=5&sort=title&direction=desc')
    expect(all.statusCode, all.body).toBe(200)
    const page = all.json<{ data: Array<{ title: string }>; pagination: { total_count: number } }>()
    expect(page.data).toHaveLength(5)
    expect(page.data.map((g) => g.title)).toEqual([...page.data.map((g) => g.title)].sort().reverse())
    expect(page.pagination.total_count).toBeGreaterThan(30)

    const northwind = await readOnly.call('GET', '/api/admin/games?provider=northwind&per_page=200')
    const games = northwind.json<{ data: Array<{ provider: string }> }>().data
    expect(games.length).toBeGreaterThan(0)
    expect(games.every((g) => g.provider === 'northwind')).toBe(true)
    const live = await readOnly.call('GET', '/api/admin/games?category=live&per_page=200')
    expect(
      live.json<{ data: Array<{ categories: string[] }> }>().data.every((g) => g.categories.includes('live')),
    ).toBe(true)
    const hot = await readOnly.call('GET', '/api/admin/games?badge=hot&per_page=200')
    expect(
      hot.json<{ data: Array<{ badges: string[] }> }>().data.every((g) => g.badges.includes('hot')),
    ).toBe(true)
    const q = await readOnly.call('GET', '/api/admin/games?q=test-slot-1&per_page=200')
    expect(q.json<{ data: Array<{ identifier: string }> }>().data.map((g) => g.identifier)).toContain(GAME)

    expect((await readOnly.call('GET', '/api/admin/games?sort=nope')).statusCode).toBe(422)
    expect(
      (await readOnly.call('GET', '/api/admin/games?country=Germany')).json().errors.country,
    ).toBeDefined()
    expect((await readOnly.call('GET', '/api/admin/games?per_page=9999')).statusCode).toBe(422)

    const csv = await readOnly.call('GET', '/api/admin/games.csv?provider=goldfinch')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      'id,identifier,title,provider,type,enabled,position,categories,badges,allowed_countries,blocked_countries,rtp,has_demo,released_at',
    )
    expect(lines.slice(1).every((l) => l.split(',')[3] === 'goldfinch')).toBe(true)

    const one = await readOnly.call('GET', `/api/admin/games/${gameId}`)
    expect(one.json()).toMatchObject({ identifier: GAME, enabled: true })
    expect((await readOnly.call('GET', '/api/admin/games/999999999')).statusCode).toBe(404)
  })

  it('a disabled game leaves the lobby, cannot be launched and its open frames take no more bets; enabled again, it is back; both audited', async () => {
    const heard: CacheInvalidation[] = []
    ctx.app.caches.subscribe((m) => heard.push(m))
    expect((await lobby()).map((g) => g.identifier)).toContain(GAME)
    expect(await launch()).toBe(200)
    // A player in the middle of playing it.
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 1_000)
    const playing = await openRealSession(ctx, player.sid, GAME)
    expect((await spin(ctx, playing, 100, 0)).statusCode).toBe(200)

    const off = await marketing.call('PATCH', `/api/admin/games/${gameId}`, {
      enabled: false,
      reason: 'Provider maintenance',
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().enabled).toBe(false)
    expect(heard).toContainEqual({ scope: 'catalogue' })
    expect((await lobby()).map((g) => g.identifier)).not.toContain(GAME)
    expect(await launch()).toBe(404)
    // The frame already open: its session closed with the change, the next bet is refused.
    const refused = await spin(ctx, playing, 100, 0)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ code: 'session_expired' })
    // The back office still lists it, as disabled.
    const disabled = await readOnly.call('GET', '/api/admin/games?enabled=false')
    expect(disabled.json<{ data: Array<{ identifier: string }> }>().data.map((g) => g.identifier)).toEqual([
      GAME,
    ])

    expect((await marketing.call('PATCH', `/api/admin/games/${gameId}`, { enabled: true })).statusCode).toBe(
      200,
    )
    expect((await lobby()).map((g) => g.identifier)).toContain(GAME)
    expect(await launch()).toBe(200)

    const entries = await audits(GAME)
    expect(entries.slice(-2)).toEqual([
      {
        actor_label: marketing.email,
        before: { enabled: true },
        after: { enabled: false, sessions_closed: 1 },
        reason: 'Provider maintenance',
      },
      { actor_label: marketing.email, before: { enabled: false }, after: { enabled: true }, reason: null },
    ])
    // A change that changes nothing is not recorded.
    await marketing.call('PATCH', `/api/admin/games/${gameId}`, { enabled: true })
    expect(await audits(GAME)).toHaveLength(entries.length)
  })

  it('sets place, categories and badges; the lobby shows them and the start-up sync keeps them', async () => {
    const res = await marketing.call('PATCH', `/api/admin/games/${gameId}`, {
      position: 1,
      categories: ['slots', 'live'],
      badges: ['exclusive'],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ curated: ['badges', 'categories', 'position'] })
    const live = await lobby({ filter: { categories: { identifiers: ['live'] } } })
    expect(live.find((g) => g.identifier === GAME)).toMatchObject({
      badges: ['exclusive'],
      categories: ['slots', 'live'],
    })

    // The catalogue's sync at start-up derives these again for every other game, not for this one.
    await syncCatalogue(ctx.db, TEST_GAMES, TEST_PROVIDERS, ['EUR', 'USD', 'BTC'])
    const after = await readOnly.call('GET', `/api/admin/games/${gameId}`)
    expect(after.json()).toMatchObject({ position: 1, categories: ['slots', 'live'], badges: ['exclusive'] })
    const [entry] = (await audits(GAME)).slice(-1)
    expect(entry!.after).toEqual({ position: 1, categories: ['slots', 'live'], badges: ['exclusive'] })
  })

  it('per-country availability: blocked countries never see or open it; with allowed ones only they do', async () => {
    const blocked = await marketing.call('PATCH', `/api/admin/games/${gameId}`, { blocked_countries: ['DE'] })
    expect(blocked.statusCode, blocked.body).toBe(200)
    expect((await lobby({}, 'DE')).map((g) => g.identifier)).not.toContain(GAME)
    expect((await lobby({}, 'FI')).map((g) => g.identifier)).toContain(GAME)
    expect(await launch('DE')).toBe(404)
    expect(await launch('FI')).toBe(200)
    const inGermany = await readOnly.call('GET', '/api/admin/games?country=DE&per_page=200')
    expect(
      inGermany.json<{ data: Array<{ identifier: string }> }>().data.map((g) => g.identifier),
    ).not.toContain(GAME)

    await marketing.call('PATCH', `/api/admin/games/${gameId}`, {
      blocked_countries: [],
      allowed_countries: ['FI'],
    })
    expect((await lobby({}, 'FI')).map((g) => g.identifier)).toContain(GAME)
    expect((await lobby({}, 'DE')).map((g) => g.identifier)).not.toContain(GAME)
    // A visitor whose country is unknown is in none of the allowed ones.
    expect((await lobby()).map((g) => g.identifier)).not.toContain(GAME)
    const counts = async (country?: string) =>
      (
        await ctx.app.inject({
          url: '/api/games/collections',
          headers: country ? { 'cf-ipcountry': country } : {},
        })
      ).json<Array<{ id: string; games_count: number }>>()
    const liveIn = async (country?: string) =>
      (await counts(country)).find((c) => c.id === 'live')!.games_count
    expect(await liveIn('FI')).toBe((await liveIn('DE')) + 1)

    const both = await marketing.call('PATCH', `/api/admin/games/${gameId}`, { blocked_countries: ['FI'] })
    expect(both.statusCode).toBe(422)
    expect(both.json().errors.blocked_countries).toBeDefined()
    await marketing.call('PATCH', `/api/admin/games/${gameId}`, { allowed_countries: [] })
    expect((await lobby()).map((g) => g.identifier)).toContain(GAME)
  })

  it('refuses bad changes per field (422) and unknown games (404)', async () => {
    const res = await marketing.call('PATCH', `/api/admin/games/${gameId}`, {
      position: -1,
      badges: ['shiny'],
      allowed_countries: ['fin'],
      categories: ['slots', 'slots'],
    })
    expect(res.statusCode).toBe(422)
    const errors = res.json<{ errors: Record<string, string[]> }>().errors
    for (const field of ['position', 'categories']) expect(errors[field], field).toBeDefined()
    expect(Object.keys(errors).some((k) => k.startsWith('badges'))).toBe(true)
    expect(Object.keys(errors).some((k) => k.startsWith('allowed_countries'))).toBe(true)
    const unknown = await marketing.call('PATCH', `/api/admin/games/${gameId}`, {
      categories: ['no-such-category'],
    })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().errors.categories).toBeDefined()
    expect(
      (await marketing.call('PATCH', `/api/admin/games/${gameId}`, { reason: 'nothing' })).statusCode,
    ).toBe(422)
    expect((await marketing.call('PATCH', '/api/admin/games/999999999', { enabled: false })).statusCode).toBe(
      404,
    )
  })

  it('permissions: read-only reads but cannot change; a KYC agent cannot read', async () => {
    expect((await readOnly.call('GET', '/api/admin/games')).statusCode).toBe(200)
    const refused = await readOnly.call('PATCH', `/api/admin/games/${gameId}`, { enabled: false })
    expect(refused.statusCode).toBe(403)
    expect((await kyc.call('GET', '/api/admin/games')).statusCode).toBe(403)
    expect((await kyc.call('GET', '/api/admin/games/rounds')).statusCode).toBe(403)
    expect((await ctx.app.inject('/api/admin/games')).statusCode).toBe(401)
    expect((await lobby()).map((g) => g.identifier)).toContain(GAME)
  })
})

describe('rounds', () => {
  it('lists the rounds the wallet recorded, filtered by player, game and date, paged', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const sessionId = await openRealSession(ctx, player.sid, GAME)
    for (const [bet, win] of [
      [100, 0],
      [200, 500],
      [300, 0],
    ] as const) {
      expect((await spin(ctx, sessionId, bet, win)).statusCode).toBe(200)
    }
    const [user] = await ctx.db.query<{ id: bigint }>(
      'SELECT user_id AS id FROM game_sessions WHERE id = $1',
      [sessionId],
    )
    const res = await readOnly.call('GET', `/api/admin/games/rounds?player=${user!.id}&per_page=2`)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json<{
      data: Array<{
        game: string
        total_bets_cents: string
        total_wins_cents: string
        status: string
        fairness: unknown
      }>
      pagination: { total_count: number; fairness_available: boolean }
    }>()
    expect(page.pagination.total_count).toBe(3)
    expect(page.data.map((r) => [r.game, r.total_bets_cents, r.total_wins_cents, r.status])).toEqual([
      [GAME, '300', '0', 'closed'],
      [GAME, '200', '500', 'closed'],
    ])
    // No game server runs in this suite: the rounds come without fairness data, and say so
    // (apps/server/src/fairness.test.ts plays rounds through a real one).
    expect(page.data.every((r) => r.fairness === null)).toBe(true)
    const second = await readOnly.call('GET', `/api/admin/games/rounds?player=${user!.id}&per_page=2&page=2`)
    expect(second.json<{ data: unknown[] }>().data).toHaveLength(1)

    const other = await readOnly.call(
      'GET',
      `/api/admin/games/rounds?player=${user!.id}&game=northwind:test-slot-2`,
    )
    expect(other.json<{ data: unknown[] }>().data).toHaveLength(0)
    const today = clock.now().toISOString().slice(0, 10)
    const dated = await readOnly.call(
      'GET',
      `/api/admin/games/rounds?player=${user!.id}&from=${today}&to=${today}`,
    )
    expect(dated.json<{ pagination: { total_count: number } }>().pagination.total_count).toBe(3)
    const bad = await readOnly.call('GET', '/api/admin/games/rounds?player=abc&from=yesterday')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['player', 'from']))
  })
})

for (const url of testRedisUrls) {
  describe('a game disabled on node A (Redis)', () => {
    let cluster: TestNodes
    beforeAll(async () => {
      cluster = await createTestNodes(2, { REDIS_URL: url })
    })
    afterAll(() => cluster?.close())

    it('leaves node B’s lobby within 1 s', async () => {
      const [a, b] = cluster.nodes as [FastifyInstance, FastifyInstance]
      const [game] = await cluster.db.query<{ id: bigint; identifier: string }>(
        'SELECT id, identifier FROM games ORDER BY position LIMIT 1',
      )
      const { id } = await a.services.staff.create(`games-${process.pid}@aurum.test`, 'G', 'marketing', 'cli')
      const heard: CacheInvalidation[] = []
      b.caches.subscribe((m) => heard.push(m))
      await a.services.catalogueAdmin.update({ actor: { id, label: 'games@aurum.test' } }, game!.id, {
        enabled: false,
      })
      const { ms } = await pollUntil(
        async () => heard.length,
        (n) => n > 0,
        1_000,
      )
      expect(ms).toBeLessThan(1_000)
      const listed = await b.inject({
        method: 'POST',
        url: '/api/games_filter/select',
        payload: { game_ids: [game!.identifier] },
      })
      expect(Object.keys(listed.json<object>())).toEqual([])
    })
  })
}
