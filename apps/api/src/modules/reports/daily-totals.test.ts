import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../games/testing.ts'
import { client, fund } from '../payments/testing.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(async () => {
  await ctx?.close()
})

async function today() {
  await ctx.app.services.eventLog.drain('daily-totals')
  const [row] = await ctx.db.query<Record<string, bigint | number>>(
    `SELECT bets, wins, rounds, deposits, deposit_count, withdrawals, withdrawal_count, registrations, active_players
     FROM daily_totals WHERE day = (now() AT TIME ZONE 'UTC')::date AND currency = 'EUR'`,
  )
  return row
}

describe('daily totals', () => {
  it('count what happened today once per event, whatever is delivered twice', async () => {
    const before = (await today()) ?? {}
    const base = (key: string) => BigInt(before[key] ?? 0)
    const players = [await registerPlayer(ctx.app), await registerPlayer(ctx.app)]
    for (const player of players) await fund(ctx, player.sid, 10_000)
    const sessions = await Promise.all(players.map((player) => openRealSession(ctx, player.sid)))
    for (const [i, session] of sessions.entries()) {
      expect((await spin(ctx, session, 100, 0)).statusCode).toBe(200)
      expect((await spin(ctx, session, 200, 50 * (i + 1))).statusCode).toBe(200)
    }
    const cashout = await client(ctx, players[0]!.sid).submit({
      action: 'cashout',
      amount_cents: 3_000,
      fields: { card_number: '4242 4242 4242 4242' },
    })
    await ctx.app.services.payments.operatorDecide(
      { actor: 'cli' },
      BigInt(cashout.json().payment.id),
      'approve',
    )

    const expected = {
      bets: base('bets') + 600n,
      wins: base('wins') + 150n,
      rounds: base('rounds') + 4n,
      deposits: base('deposits') + 20_000n,
      deposit_count: Number(base('deposit_count')) + 2,
      withdrawals: base('withdrawals') + 3_000n,
      withdrawal_count: Number(base('withdrawal_count')) + 1,
      registrations: Number(base('registrations')) + 2,
      active_players: Number(base('active_players')) + 2,
    }
    expect(await today()).toEqual(expected)
    // Everything delivered again: each event finds its receipt.
    await ctx.db.query(`UPDATE event_consumers SET position = 0 WHERE name = 'daily-totals'`)
    expect(await today()).toEqual(expected)
  })

  it('leave a test account out from the moment it is marked, the GGR rows too', async () => {
    const player = await registerPlayer(ctx.app)
    await fund(ctx, player.sid, 5_000)
    const session = await openRealSession(ctx, player.sid)
    expect((await spin(ctx, session, 100, 0)).statusCode).toBe(200)
    const before = await today()
    const rows = async () =>
      (
        await ctx.db.query<{ rounds: number }>(
          'SELECT coalesce(sum(rounds), 0)::int AS rounds FROM daily_player_games WHERE user_id = $1',
          [player.id],
        )
      )[0]!.rounds
    expect(await rows()).toBe(1)

    await ctx.db.query('UPDATE users SET test_account = true WHERE id = $1', [player.id])
    expect((await spin(ctx, session, 300, 100)).statusCode).toBe(200)
    await fund(ctx, player.sid, 2_000)
    // Counted before the mark, not after: the day's totals and the player's GGR rows stay as they were.
    expect(await today()).toEqual(before)
    expect(await rows()).toBe(1)
  })
})
