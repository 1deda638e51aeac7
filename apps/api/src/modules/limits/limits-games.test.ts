import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, signIn, type TestContext } from '../../test/helpers.ts'
import fc from 'fast-check'
import { balance, cardFields, client, fund } from '../payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET, walletCall } from '../games/testing.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { clock })
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
    expect((await spin(ctx, sessionId, 800, 0)).statusCode).toBe(200) // 800 lost
    // A bet counts as lost (it may be): 300 would make 1,100.
    expect((await spin(ctx, sessionId, 300, 0)).json().code).toBe('limit_reached')
    expect((await spin(ctx, sessionId, 150, 1_000)).statusCode).toBe(200) // won back: 0 lost
    expect((await spin(ctx, sessionId, 1_000, 0)).statusCode).toBe(200) // 950 lost
    expect((await launch(player)).statusCode).toBe(200)
    expect((await spin(ctx, sessionId, 100, 0)).json().code).toBe('limit_reached')
    expect((await spin(ctx, sessionId, 50, 0)).statusCode).toBe(200) // 1,000 lost
    expect((await launch(player)).json().code).toBe('limit_reached')
    expect(await balance(ctx, player.sid)).toBe(4_000)
  })
})

describe('limits at every bet (the seamless wallet’s limit_reached)', () => {
  let runs = 0
  const bet = (sessionId: string, amount: number, transactionId = `bet-${Math.random()}`) =>
    walletCall(ctx, 'bet', {
      session_id: sessionId,
      transaction_id: transactionId,
      round_id: `round-${Math.random()}`,
      amount_cents: amount,
    })

  it('refuse a bet in an open game that would pass a wager limit; smaller ones pass, a replay answers as first', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    const sessionId = await openRealSession(ctx, player.sid)
    const before = await bet(sessionId, 300, `before-${player.id}`)
    expect(before.statusCode).toBe(200)
    // Set while the game is open: it counts from now and applies to the next bet; the one already
    // taken, made again, answers its first answer.
    await client(ctx, player.sid).post('/api/user_limits', {
      type: 'wager',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 1_000 }],
    })
    expect((await bet(sessionId, 300, `before-${player.id}`)).json()).toEqual(before.json())
    expect((await bet(sessionId, 600)).statusCode).toBe(200)
    const refused = await bet(sessionId, 500)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('limit_reached')
    expect((await bet(sessionId, 400)).statusCode).toBe(200)
    expect((await bet(sessionId, 1)).json().code).toBe('limit_reached')
    expect(await balance(ctx, player.sid)).toBe(3_700)
    // Wins are paid whatever the limits.
    const win = await walletCall(ctx, 'win', {
      session_id: sessionId,
      transaction_id: `win-${player.id}`,
      round_id: (
        await ctx.db.query<{ round_id: string }>(
          `SELECT round_id FROM game_rounds WHERE user_id = $1 AND status = 'open' ORDER BY id LIMIT 1`,
          [player.id],
        )
      )[0]!.round_id,
      amount_cents: 250,
      round_closed: true,
    })
    expect(win.statusCode).toBe(200)
    expect(await balance(ctx, player.sid)).toBe(3_950)
  })

  it('open again when the period ends: what was wagered before its start no longer counts', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    await client(ctx, player.sid).post('/api/user_limits', {
      type: 'wager',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 500 }],
    })
    const first = await openRealSession(ctx, player.sid)
    expect((await bet(first, 500)).statusCode).toBe(200)
    expect((await bet(first, 1)).json().code).toBe('limit_reached')
    const [limit] = await ctx.db.query<{ anchor: Date }>(
      'SELECT anchor FROM user_limits WHERE user_id = $1',
      [player.id],
    )
    const nextDay = limit!.anchor.getTime() + 24 * 3_600_000
    try {
      // The last instant of the first day: the 500 wagered still count, no game opens (a new
      // sign-in: the first one ended by inactivity meanwhile).
      clock.stop()
      clock.set(nextDay - 1)
      const sid = await signIn(ctx.app, player.email)
      expect((await launch({ ...player, sid })).json().code).toBe('limit_reached')
      // The boundary itself belongs to the new day: a round at exactly its start counts in it.
      clock.set(nextDay)
      const sessionId = await openRealSession(ctx, sid)
      expect((await bet(sessionId, 500)).statusCode).toBe(200)
      expect((await bet(sessionId, 1)).json().code).toBe('limit_reached')
      expect(await balance(ctx, sid)).toBe(4_000)
    } finally {
      clock.run()
    }
  })

  it('end the open games of a player who begins a cooling-off, and refuse their bets', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    const sessionId = await openRealSession(ctx, player.sid)
    expect((await bet(sessionId, 100)).statusCode).toBe(200)
    await client(ctx, player.sid).post('/api/user_limits', { type: 'coolingoff', period: 'day' })
    const refused = await bet(sessionId, 100)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('session_expired')
    // A game session opened another way (say, just before) is refused at its bet.
    await ctx.db.query('UPDATE game_sessions SET closed_at = NULL WHERE id = $1', [sessionId])
    expect((await bet(sessionId, 100)).json().code).toBe('limit_reached')
    const [session] = await ctx.db.query<{ closed_at: Date | null }>(
      'SELECT closed_at FROM game_sessions WHERE id = $1',
      [sessionId],
    )
    expect(session!.closed_at).not.toBeNull()
    expect(await balance(ctx, player.sid)).toBe(4_900)
  })

  it('end the game session once the session time of the period is played, and keep new games closed', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    await client(ctx, player.sid).post('/api/user_limits', { type: 'session', period: 'day', minutes: 30 })
    const sessionId = await openRealSession(ctx, player.sid)
    expect((await bet(sessionId, 100)).statusCode).toBe(200)
    // 20 minutes played: 10 left.
    clock.advance(20 * 60_000)
    expect((await bet(sessionId, 100)).statusCode).toBe(200)
    const [limit] = (await client(ctx, player.sid).get('/api/user_limits')).json<
      Array<{ accounts: unknown[]; session: { minutes: number; current_minutes: number } }>
    >()
    expect(limit!.accounts).toEqual([])
    expect(limit!.session).toMatchObject({ minutes: 30, current_minutes: 20 })
    // 31 minutes: the session ends and no new real-money game opens until the day is over.
    clock.advance(11 * 60_000)
    expect((await bet(sessionId, 100)).json().code).toBe('limit_reached')
    expect((await bet(sessionId, 100)).json().code).toBe('session_expired')
    expect((await launch(player)).json().code).toBe('limit_reached')
    expect((await launch(player, 'demo')).statusCode).toBe(200)
    expect(await balance(ctx, player.sid)).toBe(4_800)
  })

  it('never let parallel bets and deposits together pass the wager, loss and deposit limits (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          wager: fc.integer({ min: 500, max: 3_000 }),
          loss: fc.integer({ min: 300, max: 2_000 }),
          deposit: fc.integer({ min: 2_000, max: 6_000 }),
          ops: fc.array(
            fc.oneof(
              fc.record({
                kind: fc.constant('spin' as const),
                bet: fc.integer({ min: 1, max: 700 }),
                win: fc.nat(900),
              }),
              fc.record({
                kind: fc.constant('deposit' as const),
                amount: fc.integer({ min: 1_000, max: 2_500 }),
              }),
            ),
            { minLength: 8, maxLength: 16 },
          ),
        }),
        async ({ wager, loss, deposit, ops }) => {
          const player = await registerPlayer(ctx.app, { currency: 'EUR' })
          await fund(ctx, player.sid, 2_000)
          // From an address of its own: shrinking a counterexample runs many players (rate limits).
          const remoteAddress = `10.7.${++runs % 250}.${1 + Math.floor(Math.random() * 250)}`
          const set = async (payload: object) => {
            const res = await ctx.app.inject({
              method: 'POST',
              url: '/api/user_limits',
              cookies: { sid: player.sid },
              remoteAddress,
              payload,
            })
            expect(res.statusCode, res.body).toBe(204)
          }
          await set({ type: 'wager', period: 'day', accounts: [{ currency: 'EUR', amount_cents: wager }] })
          await set({ type: 'loss', period: 'week', accounts: [{ currency: 'EUR', amount_cents: loss }] })
          // Periods start when a limit is set: the funding before it does not count.
          await set({
            type: 'deposit',
            period: 'month',
            accounts: [{ currency: 'EUR', amount_cents: deposit }],
          })
          const sessionId = await openRealSession(ctx, player.sid)
          const results = await Promise.all(
            ops.map((op) =>
              op.kind === 'spin'
                ? spin(ctx, sessionId, op.bet, op.win).then((r) => ({
                    op,
                    status: r.statusCode,
                    code: r.json().code,
                  }))
                : client(ctx, player.sid)
                    .submit({ currency: 'EUR', amount_cents: op.amount, fields: cardFields() })
                    .then((r) => ({ op, status: r.statusCode, code: r.json().code })),
            ),
          )
          let bets = 0
          let wins = 0
          let deposited = 0
          for (const { op, status, code } of results) {
            if (status === 200 && op.kind === 'spin') {
              bets += op.bet
              wins += op.win
            } else if (status === 200 && op.kind === 'deposit') deposited += op.amount
            else expect(['limit_reached', 'deposit_limit', 'insufficient_funds']).toContain(code)
          }
          expect(bets).toBeLessThanOrEqual(wager)
          expect(Math.max(0, bets - wins)).toBeLessThanOrEqual(loss)
          expect(deposited).toBeLessThanOrEqual(deposit)
          expect(await balance(ctx, player.sid)).toBe(2_000 + deposited - bets + wins)
        },
      ),
      { numRuns: 6 },
    )
  })
})
