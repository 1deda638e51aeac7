import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { balance, client, fund } from '../payments/testing.ts'
import { seedTestGames, TEST_WALLET_SECRET, walletCall } from './testing.ts'
import { GAME_PROVIDER, LAUNCH_TOKEN_TTL_MS } from './wallet.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET }, undefined, { clock })
  await seedTestGames(ctx)
})
afterAll(async () => {
  expect((await checkLedger(ctx.db)).problems).toEqual([])
  await ctx.close()
})

let ids = 0
const id = (name: string) => `${name}-${process.pid}-${++ids}`

/** An instant round's bet call: fresh ids, the stake and the win it carries. */
const instant = (sessionId: string, betCents: number, winCents: number) => ({
  session_id: sessionId,
  transaction_id: id('bet'),
  round_id: id('round'),
  amount_cents: betCents,
  win: { transaction_id: id('win'), amount_cents: winCents },
})

/** A funded player with a wallet session opened through a real launch. */
async function session(funds = 10_000) {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  if (funds) await fund(ctx, player.sid, funds)
  const launch = await client(ctx, player.sid).post('/api/games/launch', {
    identifier: 'goldfinch:test-slot-1',
    mode: 'real',
  })
  expect(launch.statusCode).toBe(200)
  const url = new URL(launch.json().url)
  expect(url.pathname).toMatch(/^\/games\/goldfinch%3Atest-slot-1\/\d+$/)
  const token = url.searchParams.get('token')!
  const auth = await walletCall(ctx, 'authenticate', { token })
  expect(auth.statusCode).toBe(200)
  expect(auth.json()).toMatchObject({ currency: 'EUR', balance_cents: funds, game: 'goldfinch:test-slot-1' })
  return { player, token, sessionId: auth.json().session_id as string }
}

describe('the game frame’s address', () => {
  it('is the public origin on the game server’s port, never the Host header', async () => {
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const launch = await client(ctx, player.sid).post(
      '/api/games/launch',
      { identifier: 'goldfinch:test-slot-1', mode: 'demo' },
      { host: 'evil.example:3000' },
    )
    expect(launch.statusCode, launch.body).toBe(200)
    // No PUBLIC_URL in tests: the canonical origin is http://localhost:3000, the game server at 3001.
    expect(new URL(launch.json().url).origin).toBe('http://localhost:3001')
  })
})

describe('the seamless wallet', () => {
  it('refuses unsigned and wrongly signed calls, and malformed ones', async () => {
    const { sessionId } = await session()
    const body = { session_id: sessionId }
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/balance',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(unsigned.statusCode).toBe(401)
    expect((await walletCall(ctx, 'balance', body, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401)
    expect((await walletCall(ctx, 'balance', body, 'sha256=nope')).statusCode).toBe(401)
    expect((await walletCall(ctx, 'balance', { session_id: sessionId, extra: 1 })).statusCode).toBe(422)
    expect((await walletCall(ctx, 'balance', body)).json()).toEqual({
      balance_cents: 10_000,
      currency: 'EUR',
    })
    expect((await walletCall(ctx, 'balance', { session_id: 'nope' })).statusCode).toBe(404)
  })

  it('takes a launch token once and in time', async () => {
    const { token } = await session()
    const again = await walletCall(ctx, 'authenticate', { token })
    expect(again.statusCode).toBe(401)
    expect(again.json().code).toBe('invalid_token')
    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const launch = await client(ctx, player.sid).post('/api/games/launch', {
      identifier: 'northwind:test-slot-2',
      mode: 'real',
    })
    expect(launch.statusCode, launch.body).toBe(200)
    const late = new URL(launch.json().url).searchParams.get('token')!
    clock.advance(LAUNCH_TOKEN_TTL_MS + 1_000)
    expect((await walletCall(ctx, 'authenticate', { token: late })).json().code).toBe('invalid_token')
  })

  it('applies a repeated bet once, refuses a bet beyond the balance, pays wins and closes the round', async () => {
    const { player, sessionId } = await session(1_000)
    const bet = { session_id: sessionId, transaction_id: id('bet'), round_id: id('round'), amount_cents: 300 }
    const first = await walletCall(ctx, 'bet', bet)
    expect(first.json()).toEqual({ balance_cents: 700, currency: 'EUR', transaction_id: bet.transaction_id })
    const again = await walletCall(ctx, 'bet', bet)
    expect(again.json()).toEqual(first.json())
    expect(await balance(ctx, player.sid)).toBe(700)

    const tooMuch = await walletCall(ctx, 'bet', { ...bet, transaction_id: id('bet'), amount_cents: 701 })
    expect(tooMuch.statusCode).toBe(422)
    expect(tooMuch.json().code).toBe('insufficient_funds')
    expect(await balance(ctx, player.sid)).toBe(700)

    const win = {
      session_id: sessionId,
      transaction_id: id('win'),
      round_id: bet.round_id,
      amount_cents: 1_200,
    }
    expect((await walletCall(ctx, 'win', { ...win, round_closed: true })).json().balance_cents).toBe(1_900)
    expect((await walletCall(ctx, 'win', { ...win, round_closed: true })).json().balance_cents).toBe(1_900)
    // The round is closed: no more money moves in it.
    const late = await walletCall(ctx, 'win', { ...win, transaction_id: id('win'), round_closed: true })
    expect(late.json().code).toBe('round_mismatch')
    // One id is one kind of call.
    expect((await walletCall(ctx, 'bet', { ...bet, transaction_id: win.transaction_id })).json().code).toBe(
      'transaction_mismatch',
    )
    expect(await balance(ctx, player.sid)).toBe(1_900)

    const history = (await client(ctx, player.sid).get('/api/player/games')).json()
    expect(history[0]).toMatchObject({
      bet_status: 'closed',
      total_bets: 300,
      total_wins: 1_200,
      total_losses: 0,
      game: 'goldfinch:test-slot-1',
      currency: 'EUR',
    })
    expect((await client(ctx, player.sid).get('/api/player/played_games')).json()[0].identifier).toBe(
      'goldfinch:test-slot-1',
    )
  })

  it('rolls a bet back once; a rollback that comes first makes the late bet refused', async () => {
    const { player, sessionId } = await session(1_000)
    const bet = { session_id: sessionId, transaction_id: id('bet'), round_id: id('round'), amount_cents: 400 }
    await walletCall(ctx, 'bet', bet)
    const rollback = {
      session_id: sessionId,
      transaction_id: id('rb'),
      reference_transaction_id: bet.transaction_id,
      round_id: bet.round_id,
    }
    expect((await walletCall(ctx, 'rollback', rollback)).json().balance_cents).toBe(1_000)
    expect((await walletCall(ctx, 'rollback', rollback)).json().balance_cents).toBe(1_000)
    // A repeated bet answers its first answer (DESIGN.md) and moves nothing.
    expect((await walletCall(ctx, 'bet', bet)).json().balance_cents).toBe(600)
    expect(await balance(ctx, player.sid)).toBe(1_000)

    // The bet's answer was lost and the game server rolled back before the bet arrived.
    const lost = {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount_cents: 250,
    }
    const early = await walletCall(ctx, 'rollback', {
      session_id: sessionId,
      transaction_id: id('rb'),
      reference_transaction_id: lost.transaction_id,
      round_id: lost.round_id,
    })
    expect(early.json().balance_cents).toBe(1_000)
    const refused = await walletCall(ctx, 'bet', lost)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('bet_rolled_back')
    expect(await balance(ctx, player.sid)).toBe(1_000)
  })

  it('takes no bets once the session has ended, but still pays the round’s win', async () => {
    const { player, sessionId } = await session(1_000)
    const round = id('round')
    await walletCall(ctx, 'bet', {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: round,
      amount_cents: 100,
    })
    await ctx.app.services.gameWallet.closeSessions(BigInt(player.id))
    const bet = await walletCall(ctx, 'bet', {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount_cents: 100,
    })
    expect(bet.statusCode).toBe(401)
    expect(bet.json().code).toBe('session_expired')
    const win = await walletCall(ctx, 'win', {
      session_id: sessionId,
      transaction_id: id('win'),
      round_id: round,
      amount_cents: 500,
      round_closed: true,
    })
    expect(win.json().balance_cents).toBe(1_400)
    expect(await balance(ctx, player.sid)).toBe(1_400)
  })

  it('settles an instant round with its bet in one call, once, and a rollback voids bet and win', async () => {
    const { player, sessionId } = await session(1_000)
    const round = id('round')
    const settled = {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: round,
      amount_cents: 300,
      win: { transaction_id: id('win'), amount_cents: 800 },
    }
    const first = await walletCall(ctx, 'bet', settled)
    expect(first.json()).toEqual({
      balance_cents: 1_500,
      currency: 'EUR',
      transaction_id: settled.transaction_id,
    })
    expect((await walletCall(ctx, 'bet', settled)).json()).toEqual(first.json())
    expect(await balance(ctx, player.sid)).toBe(1_500)
    // The round is closed by it, and the win's id is taken.
    const more = await walletCall(ctx, 'win', {
      session_id: sessionId,
      transaction_id: id('win'),
      round_id: round,
      amount_cents: 1,
      round_closed: true,
    })
    expect(more.json().code).toBe('round_mismatch')
    const reused = await walletCall(ctx, 'bet', {
      ...settled,
      transaction_id: id('bet'),
      round_id: id('round'),
    })
    expect(reused.json().code).toBe('transaction_mismatch')
    expect(await balance(ctx, player.sid)).toBe(1_500)
    const history = (await client(ctx, player.sid).get('/api/player/games')).json()
    expect(history[0]).toMatchObject({ bet_status: 'closed', total_bets: 300, total_wins: 800 })

    // Beyond the balance, neither the bet nor its win moves anything.
    const tooMuch = await walletCall(ctx, 'bet', {
      ...settled,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount_cents: 1_501,
      win: { transaction_id: id('win'), amount_cents: 5_000 },
    })
    expect(tooMuch.json().code).toBe('insufficient_funds')
    expect(await balance(ctx, player.sid)).toBe(1_500)

    // The answer was lost: the rollback undoes the bet and its win (the round is void).
    const rollback = {
      session_id: sessionId,
      transaction_id: id('rb'),
      reference_transaction_id: settled.transaction_id,
      round_id: round,
    }
    expect((await walletCall(ctx, 'rollback', rollback)).json().balance_cents).toBe(1_000)
    expect((await walletCall(ctx, 'rollback', rollback)).json().balance_cents).toBe(1_000)
    expect(await balance(ctx, player.sid)).toBe(1_000)

    // A void round whose win was spent meanwhile stands: the rollback is refused and changes nothing.
    const spent = { ...settled, transaction_id: id('bet'), round_id: id('round') }
    spent.win = { transaction_id: id('win'), amount_cents: 2_000 }
    expect((await walletCall(ctx, 'bet', spent)).json().balance_cents).toBe(2_700)
    const elsewhere = await walletCall(ctx, 'bet', {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount_cents: 2_500,
    })
    expect(elsewhere.json().balance_cents).toBe(200)
    const refused = await walletCall(ctx, 'rollback', {
      session_id: sessionId,
      transaction_id: id('rb'),
      reference_transaction_id: spent.transaction_id,
      round_id: spent.round_id,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('insufficient_funds')
    expect(await balance(ctx, player.sid)).toBe(200)
  })

  it('closes the games a sign-in opened when it signs out or is ended elsewhere, and only those', async () => {
    const first = await session(1_000)
    const signIn = async (remoteAddress: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: { user: { email: first.player.email, password: TEST_PASSWORD } },
        remoteAddress,
      })
      expect(res.statusCode, res.body).toBe(200)
      const sid = res.cookies.find((c) => c.name === 'sid')!.value
      const launch = await client(ctx, sid).post('/api/games/launch', {
        identifier: 'goldfinch:test-slot-1',
        mode: 'real',
      })
      const token = new URL(launch.json().url).searchParams.get('token')!
      return {
        sid,
        sessionId: (await walletCall(ctx, 'authenticate', { token })).json().session_id as string,
      }
    }
    const second = await signIn('10.3.0.1')
    const third = await signIn('10.3.0.2')
    const bet = (sessionId: string, round = id('round')) =>
      walletCall(ctx, 'bet', {
        session_id: sessionId,
        transaction_id: id('bet'),
        round_id: round,
        amount_cents: 100,
      })

    const round = id('round')
    expect((await bet(first.sessionId, round)).statusCode).toBe(200)
    expect((await client(ctx, first.player.sid).delete('/api/users/sign_out')).statusCode).toBe(204)
    const refused = await bet(first.sessionId)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('session_expired')
    // The round bet before the sign-out is still paid.
    const win = await walletCall(ctx, 'win', {
      session_id: first.sessionId,
      transaction_id: id('win'),
      round_id: round,
      amount_cents: 300,
      round_closed: true,
    })
    expect(win.json().balance_cents).toBe(1_200)
    expect((await bet(second.sessionId)).statusCode).toBe(200)
    expect((await bet(third.sessionId)).statusCode).toBe(200)

    // “Sign out every other session” from the third: the second's game closes, the third's plays on.
    expect((await client(ctx, third.sid).delete('/api/player/sessions')).json().signed_out).toBe(1)
    expect((await bet(second.sessionId)).json().code).toBe('session_expired')
    expect((await bet(third.sessionId)).statusCode).toBe(200)
    expect(await balance(ctx, third.sid)).toBe(900)

    // One session ended by its number from the security page: its game closes, the caller's not.
    const fourth = await signIn('10.3.0.3')
    const listed = (await client(ctx, third.sid).get('/api/player/sessions')).json()
    const number = listed.find((s: { current: boolean }) => !s.current).id as number
    expect((await client(ctx, third.sid).delete(`/api/player/sessions/${number}`)).statusCode).toBe(204)
    expect((await bet(fourth.sessionId)).json().code).toBe('session_expired')
    expect((await bet(third.sessionId)).statusCode).toBe(200)
  })

  it('never overdraws with 30 parallel bets of one player, and applies a bet sent 10 times in parallel once', async () => {
    const { player, sessionId } = await session(1_000)
    const bets = await Promise.all(
      Array.from({ length: 30 }, () =>
        walletCall(ctx, 'bet', {
          session_id: sessionId,
          transaction_id: id('bet'),
          round_id: id('round'),
          amount_cents: 100,
        }),
      ),
    )
    expect(bets.filter((b) => b.statusCode === 200)).toHaveLength(10)
    expect(
      bets.filter((b) => b.statusCode !== 200).every((b) => b.json().code === 'insufficient_funds'),
    ).toBe(true)
    expect(await balance(ctx, player.sid)).toBe(0)

    await fund(ctx, player.sid, 1_000)
    const same = {
      session_id: sessionId,
      transaction_id: id('bet'),
      round_id: id('round'),
      amount_cents: 100,
    }
    const repeated = await Promise.all(Array.from({ length: 10 }, () => walletCall(ctx, 'bet', same)))
    expect(repeated.every((r) => r.statusCode === 200 && r.json().balance_cents === 900)).toBe(true)
    expect(await balance(ctx, player.sid)).toBe(900)
  })

  it('settles parallel instant rounds of one player within the balance, and one sent 10 times in parallel once', async () => {
    const { player, sessionId } = await session(1_000)
    // Each round stakes 300 and wins 100: the bet must be covered before its win counts.
    const rounds = await Promise.all(
      Array.from({ length: 12 }, () => walletCall(ctx, 'bet', instant(sessionId, 300, 100))),
    )
    // 1,000 → 800 → 600 → 400 → 200: four rounds, then 200 cannot cover 300.
    expect(rounds.filter((r) => r.statusCode === 200)).toHaveLength(4)
    expect(rounds.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(8).fill('insufficient_funds'),
    )
    expect(await balance(ctx, player.sid)).toBe(200)

    const same = instant(sessionId, 100, 1_000)
    const repeated = await Promise.all(Array.from({ length: 10 }, () => walletCall(ctx, 'bet', same)))
    expect(repeated.map((r) => [r.statusCode, r.json().balance_cents])).toEqual(Array(10).fill([200, 1_100]))
    expect(await balance(ctx, player.sid)).toBe(1_100)
    const [round] = await ctx.db.query<{ total_bets: bigint; total_wins: bigint; status: string }>(
      `SELECT total_bets, total_wins, status FROM game_rounds WHERE round_id = $1`,
      [same.round_id],
    )
    expect(round).toEqual({ total_bets: 100n, total_wins: 1_000n, status: 'closed' })
  })

  it('settles instant rounds of several players at once beside their deposits, each exactly', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => session(2_000)))
    const rounds = players.flatMap(({ sessionId }, p) =>
      Array.from({ length: 8 }, (_, r) => instant(sessionId, 100 + p, r % 3 === 0 ? 250 : 0)),
    )
    const [answers] = await Promise.all([
      Promise.all(rounds.map((round) => walletCall(ctx, 'bet', round))),
      Promise.all(players.map(({ player }) => fund(ctx, player.sid, 1_000))),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual(rounds.map(() => 200))
    for (const [p, { player }] of players.entries()) {
      // 8 stakes of 100 + p, 3 wins of 250 (rounds 0, 3, 6), and the deposit.
      expect(await balance(ctx, player.sid)).toBe(2_000 + 1_000 - 8 * (100 + p) + 3 * 250)
    }
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  })

  it('refuses an instant round whose bet was rolled back first, and records a free round without a win', async () => {
    const { player, sessionId } = await session(1_000)
    const late = instant(sessionId, 200, 500)
    const rollback = await walletCall(ctx, 'rollback', {
      session_id: sessionId,
      transaction_id: id('rb'),
      reference_transaction_id: late.transaction_id,
      round_id: late.round_id,
    })
    expect(rollback.json().balance_cents).toBe(1_000)
    const refused = await walletCall(ctx, 'bet', late)
    expect(refused.json().code).toBe('bet_rolled_back')
    expect(await balance(ctx, player.sid)).toBe(1_000)
    // Nothing of the refused round stays: no round row, no win id taken.
    expect(await ctx.db.query(`SELECT 1 FROM game_rounds WHERE round_id = $1`, [late.round_id])).toEqual([])
    expect(
      await ctx.db.query(`SELECT 1 FROM game_transactions WHERE transaction_id = $1`, [
        late.win.transaction_id,
      ]),
    ).toEqual([])

    // A free spin (no stake) that wins nothing moves no money but is a round of the history.
    const free = instant(sessionId, 0, 0)
    expect((await walletCall(ctx, 'bet', free)).json()).toEqual({
      balance_cents: 1_000,
      currency: 'EUR',
      transaction_id: free.transaction_id,
    })
    const [round] = await ctx.db.query<{ total_bets: bigint; status: string }>(
      `SELECT total_bets, status FROM game_rounds WHERE round_id = $1`,
      [free.round_id],
    )
    expect(round).toEqual({ total_bets: 0n, status: 'closed' })
    // A free spin that wins pays it as one ledger transaction.
    const paid = instant(sessionId, 0, 250)
    expect((await walletCall(ctx, 'bet', paid)).json().balance_cents).toBe(1_250)
    const posted = await ctx.db.query<{ kind: string }>(
      `SELECT kind FROM ledger_transactions WHERE idempotency_key IN ($1, $2)`,
      [`game:${GAME_PROVIDER}:${paid.transaction_id}`, `game:${GAME_PROVIDER}:${paid.win.transaction_id}`],
    )
    expect(posted).toEqual([{ kind: 'win' }])
  })
})
