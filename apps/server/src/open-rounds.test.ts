import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actBlackjack, publicView, type BlackjackAction, type BlackjackState } from '@aurum/games-math'
import { migrate, openDatabase, testClock, type SqlDatabase } from '@aurum/db'
import {
  TEST_WALLET_SECRET,
  balance,
  checkLedger,
  client,
  createTestApp,
  fund,
  registerPlayer,
  type TestContext,
} from '@aurum/api/testing'
import {
  GAME_SERVER_MIGRATIONS,
  LIVE_CYCLE_MS,
  LiveTable,
  LossyWallet,
  OPEN_ROUND_LIMIT_MS,
  buildGamesApp,
} from '@aurum/games/testing'

const BLACKJACK = 'aurum-tables:blackjack'
const BET = 500

let casino: TestContext
let db: SqlDatabase
let wallet: LossyWallet
/** Two game server nodes on one database, on one clock the test moves (the casino keeps its own). */
let server: FastifyInstance
let other: FastifyInstance
const clock = testClock()

beforeAll(async () => {
  casino = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  const address = await casino.app.listen({ port: 0, host: '127.0.0.1' })
  // On PostgreSQL the gs_ tables share the casino's fresh database, so that concurrent requests
  // race on separate connections; embedded, the game server has its own.
  db = casino.db.kind === 'postgres' ? casino.db : await openDatabase({})
  await migrate(db, GAME_SERVER_MIGRATIONS)
  wallet = new LossyWallet(address, TEST_WALLET_SECRET)
  const node = () =>
    buildGamesApp({
      db,
      wallet,
      casinoOrigins: ['http://localhost:3000'],
      tableSecret: 'test-table-secret',
      clock,
    })
  server = await node()
  other = await node()
})
afterAll(async () => {
  expect((await checkLedger(casino.db)).problems).toEqual([])
  await server.close()
  await other.close()
  wallet.close()
  if (db !== casino.db) await db.close()
  await casino.close()
})

const auth = (session: string) => ({ authorization: `Bearer ${session}` })

async function start(body: object): Promise<string> {
  const res = await server.inject({ method: 'POST', url: '/api/session', payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ session: string }>().session
}

/** A real-money session (blackjack unless said) of a casino player funded with `funds`. */
async function realSession(funds: number, identifier = BLACKJACK) {
  const player = await registerPlayer(casino.app, { currency: 'EUR' })
  await fund(casino, player.sid, funds)
  const launch = await client(casino, player.sid).post('/api/games/launch', {
    identifier,
    mode: 'real',
  })
  expect(launch.statusCode, launch.body).toBe(200)
  const token = new URL(launch.json().url).searchParams.get('token')!
  return { sid: player.sid, session: await start({ token }) }
}

interface Answer {
  round_id: string
  bet_cents: number
  win_cents: number
  balance_cents: number
  outcome: { view: { finished: boolean } }
  resumed?: true
}

const deal = (session: string, bet = BET) =>
  server.inject({
    method: 'POST',
    url: '/api/blackjack/deal',
    headers: auth(session),
    payload: { bet_cents: bet },
  })

const act = (node: FastifyInstance, session: string, roundId: string, action: BlackjackAction) =>
  node.inject({
    method: 'POST',
    url: '/api/blackjack/action',
    headers: auth(session),
    payload: { round_id: roundId, action },
  })

/**
 * Deals until a round stays open (a blackjack on either side ends it at the deal). `spent`: what
 * the rounds that ended at once cost, their wins counted.
 */
async function dealOpen(session: string): Promise<{ round: Answer; hidden: BlackjackState; spent: number }> {
  let spent = 0
  for (let i = 0; i < 30; i++) {
    const res = await deal(session)
    expect(res.statusCode, res.body).toBe(200)
    const round = res.json<Answer>()
    if (!round.outcome.view.finished) {
      const [row] = await db.query<{ hidden: BlackjackState }>(
        'SELECT hidden FROM gs_rounds WHERE round_id = $1',
        [round.round_id],
      )
      return { round, hidden: row!.hidden, spent }
    }
    spent += BET - round.win_cents
  }
  throw new Error('no open round in 30 deals')
}

/** The engine's own ending of a round left open: stand until it is finished. */
function standAll(state: BlackjackState): BlackjackState {
  let next = state
  while (!next.finished) next = actBlackjack(next, 'stand')
  return next
}

interface RoundRow {
  status: string
  bet_cents: bigint
  win_cents: bigint
  auto_completed: boolean
  version: number
  outcome: unknown
  balance_after_cents: bigint | null
}
const roundRow = async (roundId: string) =>
  (
    await db.query<RoundRow>(
      `SELECT status, bet_cents, win_cents, auto_completed, version, outcome, balance_after_cents
       FROM gs_rounds WHERE round_id = $1`,
      [roundId],
    )
  )[0]!

/** Both nodes' settlers at once, `ms` later. */
async function settleBothAt(ms: number) {
  clock.advance(ms)
  await Promise.all([server.rounds.settle(), other.rounds.settle()])
}

/** The casino's record of the player's last round (newest first). */
async function casinoRound(sid: string) {
  const rounds = (await client(casino, sid).get('/api/player/games')).json()
  return rounds[0] as { bet_status: string; total_bets: number; total_wins: number }
}

const demoBalance = async (session: string) =>
  (await server.inject({ url: '/api/balance', headers: auth(session) })).json<{ balance_cents: number }>()
    .balance_cents

describe('blackjack rounds left open', () => {
  it('finishes a real-money round left open past the limit once, every hand standing, paid by the casino', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)
    expect(await balance(casino, sid)).toBe(20_000 - spent - BET)
    const expected = standAll(hidden)

    await settleBothAt(OPEN_ROUND_LIMIT_MS + 1_000)

    expect(await balance(casino, sid)).toBe(20_000 - spent - BET + expected.winCents)
    const row = await roundRow(round.round_id)
    expect(row).toMatchObject({
      status: 'settled',
      auto_completed: true,
      bet_cents: BigInt(BET),
      win_cents: BigInt(expected.winCents),
      balance_after_cents: BigInt(20_000 - spent - BET + expected.winCents),
    })
    expect(row.outcome).toEqual({ view: publicView(expected), actions: [] })
    expect(await casinoRound(sid)).toMatchObject({
      bet_status: 'closed',
      total_bets: BET,
      total_wins: expected.winCents,
    })
    const history = (await server.inject({ url: '/api/rounds?limit=1', headers: auth(session) })).json()
    expect(history[0]).toMatchObject({ round_id: round.round_id, status: 'settled', auto_completed: true })

    // The player comes back too late: the round is over; another pass of both settlers does nothing.
    const late = await act(server, session, round.round_id, 'hit')
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('round_not_open')
    await settleBothAt(OPEN_ROUND_LIMIT_MS + 1_000)
    expect(await roundRow(round.round_id)).toEqual(row)
    expect(await balance(casino, sid)).toBe(20_000 - spent - BET + expected.winCents)
  })

  it('finishes a demo round left open once, with FUN money', async () => {
    const session = await start({ demo: true, game: BLACKJACK })
    const { round, hidden } = await dealOpen(session)
    const before = await demoBalance(session)
    expect(before).toBe(round.balance_cents)
    const expected = standAll(hidden)

    await settleBothAt(OPEN_ROUND_LIMIT_MS + 1_000)

    expect(await demoBalance(session)).toBe(before + expected.winCents)
    const row = await roundRow(round.round_id)
    expect(row).toMatchObject({
      status: 'settled',
      auto_completed: true,
      win_cents: BigInt(expected.winCents),
      balance_after_cents: BigInt(before + expected.winCents),
    })
    expect(row.outcome).toEqual({ view: publicView(expected), actions: [] })
    await settleBothAt(OPEN_ROUND_LIMIT_MS + 1_000)
    expect(await demoBalance(session)).toBe(before + expected.winCents)
  })

  it('lets either the settler or a late double end a round, never both', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)
    const before = 20_000 - spent - BET

    const [late] = await Promise.all([
      act(server, session, round.round_id, 'double'),
      settleBothAt(OPEN_ROUND_LIMIT_MS + 1_000),
    ])

    const row = await roundRow(round.round_id)
    expect(row.status).toBe('settled')
    if (late.statusCode === 200) {
      const doubled = actBlackjack(hidden, 'double')
      expect(row.auto_completed).toBe(false)
      expect(await balance(casino, sid)).toBe(before - BET + doubled.winCents)
      expect(await casinoRound(sid)).toMatchObject({ total_bets: 2 * BET, total_wins: doubled.winCents })
    } else {
      expect(late.statusCode, late.body).toBe(409)
      const stood = standAll(hidden)
      expect(row.auto_completed).toBe(true)
      expect(await balance(casino, sid)).toBe(before + stood.winCents)
      expect(await casinoRound(sid)).toMatchObject({ total_bets: BET, total_wins: stood.winCents })
    }
  })

  it('leaves a round alone before the limit; a new deal in the session answers it, and it plays on', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)
    await settleBothAt(OPEN_ROUND_LIMIT_MS - 5_000)
    expect((await roundRow(round.round_id)).status).toBe('open')
    expect(await balance(casino, sid)).toBe(20_000 - spent - BET)

    const again = await deal(session)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({
      round_id: round.round_id,
      bet_cents: BET,
      balance_cents: 20_000 - spent - BET,
      outcome: round.outcome,
      resumed: true,
    })
    expect(await balance(casino, sid)).toBe(20_000 - spent - BET)

    const expected = actBlackjack(hidden, 'stand')
    const stood = await act(server, session, round.round_id, 'stand')
    expect(stood.statusCode, stood.body).toBe(200)
    expect(stood.json().win_cents).toBe(expected.winCents)
    expect(await balance(casino, sid)).toBe(20_000 - spent - BET + expected.winCents)
    expect(await roundRow(round.round_id)).toMatchObject({ status: 'settled', auto_completed: false })
  })
})

describe('blackjack actions on one round', () => {
  /** Five doubles at once on two nodes: one applies, the others are refused having moved nothing. */
  async function doubleFiveTimes(session: string, roundId: string) {
    const answers: LightMyRequestResponse[] = await Promise.all(
      [server, other, server, other, server].map((node) => act(node, session, roundId, 'double')),
    )
    const applied = answers.filter((a) => a.statusCode === 200)
    const refused = answers.filter((a) => a.statusCode === 409)
    expect(applied, answers.map((a) => a.body).join('\n')).toHaveLength(1)
    expect(refused).toHaveLength(4)
    for (const r of refused) expect(['round_changed', 'round_not_open']).toContain(r.json().code)
    return applied[0]!.json<Answer>()
  }

  it('applies one of five concurrent real-money doubles and charges the casino for it once', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)
    const expected = actBlackjack(hidden, 'double')

    const doubled = await doubleFiveTimes(session, round.round_id)

    expect(doubled).toMatchObject({ bet_cents: 2 * BET, win_cents: expected.winCents })
    expect(await balance(casino, sid)).toBe(20_000 - spent - 2 * BET + expected.winCents)
    expect(await casinoRound(sid)).toMatchObject({
      bet_status: 'closed',
      total_bets: 2 * BET,
      total_wins: expected.winCents,
    })
    expect(await roundRow(round.round_id)).toMatchObject({
      status: 'settled',
      bet_cents: BigInt(2 * BET),
      win_cents: BigInt(expected.winCents),
    })
  })

  it('applies one of five concurrent demo doubles and takes the FUN stake once', async () => {
    const session = await start({ demo: true, game: BLACKJACK })
    const { round, hidden } = await dealOpen(session)
    const before = await demoBalance(session)
    const expected = actBlackjack(hidden, 'double')

    const doubled = await doubleFiveTimes(session, round.round_id)

    expect(doubled.win_cents).toBe(expected.winCents)
    expect(await demoBalance(session)).toBe(before - BET + expected.winCents)
    expect(await roundRow(round.round_id)).toMatchObject({
      status: 'settled',
      bet_cents: BigInt(2 * BET),
      balance_after_cents: BigInt(before - BET + expected.winCents),
    })
  })

  it('applies concurrent hits each to the state the one before left: one card each, none lost', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)

    const answers = await Promise.all(
      [server, other, server, other, server].map((node) => act(node, session, round.round_id, 'hit')),
    )

    // Hits that read the same state: one applies, the others are refused. A hit that read the
    // state another left applies on top of it. So n applied hits are n cards, in shoe order.
    const applied = answers.filter((a) => a.statusCode === 200)
    expect(applied.length).toBeGreaterThanOrEqual(1)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5 - applied.length)
    let expected = hidden
    for (let i = 0; i < applied.length; i++) expected = actBlackjack(expected, 'hit')
    const views = applied.map((a) => a.json<{ outcome: { view: { hands: Array<{ cards: unknown[] }> } } }>())
    expect(views.map((v) => v.outcome.view.hands[0]!.cards.length).sort()).toEqual(
      applied.map((_, i) => 3 + i),
    )
    const row = await roundRow(round.round_id)
    expect(row.outcome).toEqual({ view: publicView(expected), actions: publicView(expected).actions })
    // A hit can end the round (a bust, or 21 and the dealer plays): its win paid once.
    expect(await balance(casino, sid)).toBe(
      20_000 - spent - BET + (expected.finished ? expected.winCents : 0),
    )
  })

  it('frees the round when the casino refuses a double: it plays on as it was', async () => {
    // A player who can pay the deal but not the double (a new one if the deal ends the round):
    // 10.00 EUR (the smallest deposit), 8.00 dealt.
    const bet = 800
    let open: { sid: string; session: string; round: Answer; hidden: BlackjackState } | undefined
    for (let i = 0; i < 10 && !open; i++) {
      const { sid, session } = await realSession(1_000)
      const res = await deal(session, bet)
      expect(res.statusCode, res.body).toBe(200)
      const round = res.json<Answer>()
      if (!round.outcome.view.finished) {
        const [row] = await db.query<{ hidden: BlackjackState }>(
          'SELECT hidden FROM gs_rounds WHERE round_id = $1',
          [round.round_id],
        )
        open = { sid, session, round, hidden: row!.hidden }
      }
    }
    const { sid, session, round, hidden } = open!

    const refused = await act(server, session, round.round_id, 'double')
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('insufficient_funds')
    expect(await balance(casino, sid)).toBe(200)

    const expected = actBlackjack(hidden, 'stand')
    const stood = await act(other, session, round.round_id, 'stand')
    expect(stood.statusCode, stood.body).toBe(200)
    expect(await balance(casino, sid)).toBe(200 + expected.winCents)
    expect(await casinoRound(sid)).toMatchObject({ total_bets: bet, total_wins: expected.winCents })
  })

  it('holds a round whose double answer was lost until the settler has rolled the bet back', async () => {
    const { sid, session } = await realSession(20_000)
    const { round, hidden, spent } = await dealOpen(session)
    const before = 20_000 - spent - BET

    wallet.loseBets = true
    try {
      const lost = await act(server, session, round.round_id, 'double')
      expect(lost.statusCode).toBe(503)
      expect(lost.json().code).toBe('wallet_unavailable')
    } finally {
      wallet.loseBets = false
    }
    // The bet may stand as far as this node knows: no other action until it is settled.
    const held = await act(other, session, round.round_id, 'stand')
    expect(held.statusCode).toBe(409)
    expect(held.json().code).toBe('round_changed')
    expect(await balance(casino, sid)).toBe(before)

    await server.rounds.settle(0)
    expect(await casinoRound(sid)).toMatchObject({ bet_status: 'open', total_bets: BET })
    const expected = actBlackjack(hidden, 'stand')
    const stood = await act(other, session, round.round_id, 'stand')
    expect(stood.statusCode, stood.body).toBe(200)
    expect(await balance(casino, sid)).toBe(before + expected.winCents)
    expect(await casinoRound(sid)).toMatchObject({
      bet_status: 'closed',
      total_bets: BET,
      total_wins: expected.winCents,
    })
  })
})

describe('live table payouts', () => {
  it('pays a finished table round’s real-money bets once, though two nodes settle it at once', async () => {
    const { sid, session } = await realSession(20_000, 'aurum-live:live-roulette')
    // Bets are taken while the table's round is open (15 s of every 20): the clock moves to the
    // start of the next round, so that the bet is never late whenever the test runs.
    const state = (await server.inject({ url: '/api/live/state', headers: auth(session) })).json<{
      round: number
    }>()
    clock.set((state.round + 1) * LIVE_CYCLE_MS + 50)
    const bets = [
      { kind: 'red', numbers: [], amount_cents: 1_000 },
      { kind: 'dozen', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], amount_cents: 500 },
    ]
    const placed = await server.inject({
      method: 'POST',
      url: '/api/live/bet',
      headers: auth(session),
      payload: { bets },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    expect(await balance(casino, sid)).toBe(20_000 - 1_500)
    const { round_id: roundId, outcome } = placed.json<{
      round_id: string
      outcome: { table_round: number }
    }>()
    const round = outcome.table_round
    const ends = (round + 1) * LIVE_CYCLE_MS
    const expected = new LiveTable('live-roulette', 'test-table-secret').settle(
      round,
      bets.map((b) => ({ kind: b.kind as 'red' | 'dozen', numbers: b.numbers, amountCents: b.amount_cents })),
      ends,
    )!
    // Until the wheel has stopped there is nothing to pay.
    await Promise.all([server.settleLive(), other.settleLive()])
    expect(await roundRow(roundId)).toMatchObject({ status: 'open' })

    // The wheel stops: both nodes settle at once.
    clock.set(ends)
    await Promise.all([server.settleLive(), other.settleLive()])

    expect(await balance(casino, sid)).toBe(20_000 - 1_500 + expected.winCents)
    expect(await casinoRound(sid)).toMatchObject({
      bet_status: 'closed',
      total_bets: 1_500,
      total_wins: expected.winCents,
    })
    expect(await roundRow(roundId)).toMatchObject({
      status: 'settled',
      win_cents: BigInt(expected.winCents),
      outcome: { table_round: round, result: expected.result },
    })
  })
})
