import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { client, fund } from '../payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../games/testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(() => ctx.close())

type Player = Awaited<ReturnType<typeof registerPlayer>>
const launch = (p: Player, mode: 'real' | 'demo' = 'real', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/games/launch',
    cookies: { sid: p.sid },
    headers,
    payload: { identifier: 'goldfinch:test-slot-1', mode },
  })

describe('limits at the game’s door', () => {
  it('keep a self-excluded player out of real-money games (demo stays open)', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    expect((await launch(player)).statusCode).toBe(200)
    await client(ctx, player.sid).post('/api/user_limits', { type: 'coolingoff', period: 'day_3' })
    const refused = await launch(player, 'real', { 'accept-language': 'de' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('excluded')
    expect(refused.json().errors.base[0]).toMatch(/UTC/)
    expect((await launch(player, 'demo')).statusCode).toBe(200)
  })

  it('send a player whose wager limit is reached to the limits (no new game), in that currency only', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    await client(ctx, player.sid).post('/api/user_limits', {
      type: 'wager',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 1_000 }],
    })
    const sessionId = await openRealSession(ctx, player.sid)
    for (let i = 0; i < 2; i++) expect((await spin(ctx, sessionId, 500, 0)).statusCode).toBe(200)
    const [limit] = (await client(ctx, player.sid).get('/api/user_limits')).json<
      Array<{ accounts: Array<{ current_value_amount_cents: number }> }>
    >()
    expect(limit!.accounts[0]!.current_value_amount_cents).toBe(1_000)
    const refused = await launch(player)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      code: 'limit_reached',
      error: 'A limit you set has been reached.',
    })
  })

  it('count a loss limit net of wins', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    await client(ctx, player.sid).post('/api/user_limits', {
      type: 'loss',
      period: 'week',
      accounts: [{ currency: 'EUR', amount_cents: 1_000 }],
    })
    const sessionId = await openRealSession(ctx, player.sid)
    await spin(ctx, sessionId, 800, 0)
    await spin(ctx, sessionId, 800, 700) // lost 900 in all
    expect((await launch(player)).statusCode).toBe(200)
    await spin(ctx, sessionId, 200, 0) // 1,100 lost
    expect((await launch(player)).json().code).toBe('limit_reached')
  })
})
