import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parseEvent, type DomainEvent, type EventType } from '@aurum/shared/events'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import {
  openRealSession,
  seedTestGames,
  spin,
  TEST_WALLET_SECRET,
  walletCall,
} from '../modules/games/testing.ts'
import { client, fund } from '../modules/payments/testing.ts'

/**
 * What the casino writes to the outbox (docs/events.md): each event of a real flow, in the
 * transaction of its change, with a payload of its type's schema; one player's events in the order
 * their transactions took the player's account.
 */
const onPostgres = inject('dbTemplate').kind === 'postgres'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(async () => {
  await ctx?.close()
})

/** The player's events, parsed by their schemas (a payload not of its schema throws). */
async function eventsOf(userId: string | number, type?: EventType): Promise<DomainEvent[]> {
  const rows = await ctx.db.query<{
    id: bigint
    type: string
    version: number
    user_id: bigint | null
    payload: unknown
    created_at: Date
  }>(`SELECT * FROM events WHERE user_id = $1 ORDER BY id`, [String(userId)])
  return rows
    .map((row) =>
      parseEvent({
        id: row.id,
        type: row.type,
        version: row.version,
        userId: row.user_id,
        payload: row.payload,
        createdAt: row.created_at,
      }),
    )
    .filter((event) => !type || event.type === type)
}

let n = 0
const id = (kind: string) => `${kind}-${process.pid}-${++n}`

describe('events', () => {
  it('tell of a registration, a sign-in and a sign-out', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/sign_out',
      cookies: { sid: player.sid },
    })
    expect(out.statusCode).toBe(204)
    const events = await eventsOf(player.id)
    expect(events.map((event) => event.type)).toEqual([
      'player.registered',
      'session.started',
      'session.ended',
    ])
    expect(events[0]!.payload).toMatchObject({ currency: 'EUR', email: expect.stringContaining('@') })
    expect(events[2]!.payload).toMatchObject({ reason: 'sign_out', session: expect.any(String) })
  })

  it('tell of an instant round, a round of several calls and a rollback, with their game and amounts', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 10_000)
    const sessionId = await openRealSession(ctx, player.sid)
    expect((await spin(ctx, sessionId, 200, 500)).statusCode).toBe(200)

    const round = id('round')
    const bet = { session_id: sessionId, transaction_id: id('bet'), round_id: round, amount_cents: 300 }
    expect((await walletCall(ctx, 'bet', bet)).statusCode).toBe(200)
    expect(
      (await walletCall(ctx, 'bet', { ...bet, transaction_id: id('bet'), amount_cents: 100 })).statusCode,
    ).toBe(200)
    const win = {
      session_id: sessionId,
      transaction_id: id('win'),
      round_id: round,
      amount_cents: 900,
      round_closed: true,
    }
    expect((await walletCall(ctx, 'win', win)).statusCode).toBe(200)

    const voided = id('round')
    const lost = { session_id: sessionId, transaction_id: id('bet'), round_id: voided, amount_cents: 50 }
    expect((await walletCall(ctx, 'bet', lost)).statusCode).toBe(200)
    const rollback = {
      session_id: sessionId,
      transaction_id: id('rollback'),
      reference_transaction_id: lost.transaction_id,
      round_id: voided,
    }
    expect((await walletCall(ctx, 'rollback', rollback)).statusCode).toBe(200)

    const rounds = (await eventsOf(player.id)).filter((event) => event.type.startsWith('round.'))
    const game = { provider: 'goldfinch', category: 'slot', currency: 'EUR' }
    expect(rounds.map((event) => [event.type, event.payload])).toEqual([
      ['round.settled', expect.objectContaining({ ...game, bet: 200n, win: 500n })],
      ['round.updated', expect.objectContaining({ round_id: round, bet: 300n, win: 0n, total_bets: 300n })],
      ['round.updated', expect.objectContaining({ round_id: round, bet: 100n, win: 0n, total_bets: 400n })],
      ['round.settled', expect.objectContaining({ ...game, round_id: round, bet: 400n, win: 900n })],
      ['round.updated', expect.objectContaining({ round_id: voided, bet: 50n })],
      ['round.rolled_back', expect.objectContaining({ round_id: voided, bet: 50n, win: 0n, void: true })],
    ])
  })

  it('tell of the instant rounds a batch played, and of none it refused', async () => {
    const rich = await registerPlayer(ctx.app, { currency: 'EUR' })
    const poor = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, rich.sid, 10_000)
    await fund(ctx, poor.sid, 1_000)
    const [richSession, poorSession] = await Promise.all([
      openRealSession(ctx, rich.sid),
      openRealSession(ctx, poor.sid),
    ])
    // Spins arriving while one is written go together in the next batch (wallet_instant_rounds()):
    // the poor player's first spin is played, the others refused for want of funds.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? spin(ctx, richSession, 100, i % 4 === 1 ? 250 : 0) : spin(ctx, poorSession, 1_000, 0),
      ),
    )
    const played = answers.filter((answer) => answer.statusCode === 200)
    expect(played).toHaveLength(7)
    const richRounds = (await eventsOf(rich.id, 'round.settled')).map((event) => event.payload)
    expect(richRounds).toHaveLength(6)
    for (const round of richRounds)
      expect(round).toMatchObject({ provider: 'goldfinch', category: 'slot', bet: 100n })
    expect(richRounds.filter((round) => 'win' in round && round.win === 250n)).toHaveLength(3)
    expect(await eventsOf(poor.id, 'round.settled')).toHaveLength(1)
    // Each event is its round's, once.
    const stored = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e JOIN game_rounds r ON r.round_id = e.payload ->> 'round_id'
       WHERE e.type = 'round.settled' AND e.user_id IN ($1, $2) AND r.user_id = e.user_id
         AND r.total_bets = (e.payload ->> 'bet')::bigint AND r.total_wins = (e.payload ->> 'win')::bigint`,
      [rich.id, poor.id],
    )
    expect(stored[0]!.n).toBe(7)
  })

  it('tell of a deposit, a withdrawal requested and recalled, and a limit set', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 20_000)
    const cashout = await client(ctx, player.sid).submit({
      action: 'cashout',
      amount_cents: 4_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    const paymentId = cashout.json<{ payment: { id: number } }>().payment.id
    expect((await client(ctx, player.sid).post(`/api/player/payments/${paymentId}/recall`)).statusCode).toBe(
      200,
    )
    const limit = await client(ctx, player.sid).post('/api/user_limits', {
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 50_000 }],
    })
    expect(limit.statusCode).toBe(204)

    const events = (await eventsOf(player.id)).filter((event) => !event.type.startsWith('session.'))
    expect(events.map((event) => event.type)).toEqual([
      'player.registered',
      'deposit.succeeded',
      'withdrawal.requested',
      'withdrawal.recalled',
      'limit.set',
    ])
    expect(events[1]!.payload).toMatchObject({ amount: 20_000n, currency: 'EUR', state: 'succeeded' })
    expect(events[2]!.payload).toMatchObject({
      payment_id: String(paymentId),
      amount: 4_000n,
      state: 'pending',
    })
    expect(events[3]!.payload).toMatchObject({ payment_id: String(paymentId), state: 'recalled' })
    expect(events[4]!.payload).toMatchObject({ type: 'deposit', period: 'day', amounts: { EUR: 50_000n } })
  })

  it('tell of a limit that stops play, apart from the refused bet', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 5_000)
    const sessionId = await openRealSession(ctx, player.sid)
    expect(
      (
        await client(ctx, player.sid).post('/api/user_limits', {
          type: 'wager',
          period: 'day',
          accounts: [{ currency: 'EUR', amount_cents: 300 }],
        })
      ).statusCode,
    ).toBe(204)
    expect((await spin(ctx, sessionId, 300, 0)).statusCode).toBe(200)
    const refused = await spin(ctx, sessionId, 100, 0)
    expect(refused.json().code).toBe('limit_reached')
    // Written apart from the bet's transaction, which rolled back.
    for (const started = Date.now(); (await eventsOf(player.id, 'limit.reached')).length === 0;) {
      if (Date.now() - started > 2_000) throw new Error('no limit.reached within 2 s')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const [reached] = await eventsOf(player.id, 'limit.reached')
    expect(reached!.payload).toMatchObject({ limit: 'wager', currency: 'EUR', until: expect.any(String) })
    expect(await eventsOf(player.id, 'round.settled')).toHaveLength(1)
  })

  it("keep a player's rounds in the order they took the player's account", async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    await fund(ctx, player.sid, 100_000)
    const sessionId = await openRealSession(ctx, player.sid)
    const calls = onPostgres ? 80 : 12
    // Instant rounds (batched together) and bets of open rounds (each alone) at once: on
    // PostgreSQL their transactions wait on each other for the player's account.
    const answers = await Promise.all(
      Array.from({ length: calls }, (_, i) =>
        i % 2
          ? spin(ctx, sessionId, 10 + i, i % 3 ? 0 : 25)
          : walletCall(ctx, 'bet', {
              session_id: sessionId,
              transaction_id: id('bet'),
              round_id: id('open'),
              amount_cents: 10 + i,
            }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200))
    // The ledger's order: the player's account's entries of bets by id (taken holding the account).
    const ledger = await ctx.db.query<{ round: string }>(
      `SELECT t.metadata ->> 'round' AS round
       FROM ledger_entries e
       JOIN ledger_transactions t ON t.id = e.transaction_id
       JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.user_id = $1 AND a.kind = 'player_real' AND t.kind = 'bet' ORDER BY e.id`,
      [player.id],
    )
    const rounds = (await eventsOf(player.id)).flatMap((event) =>
      event.type === 'round.settled' || event.type === 'round.updated' ? [event.payload.round_id] : [],
    )
    expect(rounds).toHaveLength(calls)
    expect(rounds).toEqual(ledger.map((row) => row.round))
  })
})
