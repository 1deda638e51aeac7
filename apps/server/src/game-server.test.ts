import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fairSource, playSlotRound, Rng, type SlotRound } from '@aurum/games-math'
import { migrate, openDatabase, type SqlDatabase } from '@aurum/db'
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
  DEMO_BALANCE_CENTS,
  GAME_SERVER_MIGRATIONS,
  LossyWallet,
  buildGamesApp,
  findGame,
  games,
  type FairState,
} from '@aurum/games/testing'

let casino: TestContext
let db: SqlDatabase
let dir: string
let server: FastifyInstance
let wallet: LossyWallet
const slotId = () => [...games().values()].find((g) => g.definition.type === 'slot')!.definition.identifier

beforeAll(async () => {
  casino = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  const address = await casino.app.listen({ port: 0, host: '127.0.0.1' })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-games-test-'))
  db = await openDatabase({})
  await migrate(db, GAME_SERVER_MIGRATIONS)
  wallet = new LossyWallet(address, TEST_WALLET_SECRET)
  server = await buildGamesApp({
    db,
    wallet,
    casinoOrigins: ['http://localhost:3000'],
    tableSecret: 'test-table-secret',
  })
})
afterAll(async () => {
  expect((await checkLedger(casino.db)).problems).toEqual([])
  await server.close()
  await db.close()
  await casino.close()
  await fs.rm(dir, { recursive: true, force: true })
})

async function start(body: object) {
  const res = await server.inject({ method: 'POST', url: '/api/session', payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ session: string; balance_cents: number; currency: string }>()
}
const auth = (session: string) => ({ authorization: `Bearer ${session}` })
const spin = (session: string, bet: number) =>
  server.inject({
    method: 'POST',
    url: '/api/slot/spin',
    headers: auth(session),
    payload: { bet_cents: bet },
  })

/** A real-money session of a funded casino player, opened by a launch token from the casino. */
async function realSession(funds: number) {
  const player = await registerPlayer(casino.app, { currency: 'EUR' })
  await fund(casino, player.sid, funds)
  const launch = await client(casino, player.sid).post('/api/games/launch', {
    identifier: slotId(),
    mode: 'real',
  })
  expect(launch.statusCode, launch.body).toBe(200)
  const token = new URL(launch.json().url).searchParams.get('token')!
  return { player, ...(await start({ token })) }
}

describe('the game server', () => {
  it('plays demo spins with FUN money and no wallet, each round recomputable from its revealed seed', async () => {
    const { session, balance_cents } = await start({ demo: true, game: slotId() })
    expect(balance_cents).toBe(DEMO_BALANCE_CENTS)
    const slot = findGame(slotId())!.slot!
    const bet = slot.coinsPerBet * 5
    let expected = DEMO_BALANCE_CENTS
    const played: Array<{ round: SlotRound; nonce: number; client_seed: string }> = []
    for (let i = 0; i < 5; i++) {
      const res = await spin(session, bet)
      expect(res.statusCode, res.body).toBe(200)
      const answer = res.json()
      expected += answer.win_cents - bet
      expect(answer.balance_cents).toBe(expected)
      played.push({ round: answer.outcome, nonce: answer.fair.nonce, client_seed: answer.fair.client_seed })
    }
    const history = (await server.inject({ url: '/api/rounds', headers: auth(session) })).json()
    expect(history).toHaveLength(5)
    expect(history[0].fair.server_seed).toBeNull()
    // Rotating reveals the server seed: every round recomputes to what was played.
    const rotated = await server.inject({
      method: 'POST',
      url: '/api/fair/rotate',
      headers: auth(session),
      payload: { client_seed: 'my-own-seed' },
    })
    const seed: string = rotated.json().revealed.server_seed
    for (const p of played) {
      const again = playSlotRound(slot, new Rng(fairSource(seed, p.client_seed, p.nonce)), bet)
      expect(again).toEqual(p.round)
    }
    expect(rotated.json().next).toMatchObject({ client_seed: 'my-own-seed', nonce: 0 })
    const revealed = (await server.inject({ url: '/api/rounds', headers: auth(session) })).json()
    expect(revealed[0].fair.server_seed).toBe(seed)
  })

  it('moves real money only through the casino’s wallet, exactly as the rounds say', async () => {
    const { player, session, balance_cents } = await realSession(5_000)
    expect(balance_cents).toBe(5_000)
    const slot = findGame(slotId())!.slot!
    const bet = slot.coinsPerBet * 10
    let expected = 5_000
    for (let i = 0; i < 4; i++) {
      const answer = (await spin(session, bet)).json()
      expected += answer.win_cents - bet
      expect(answer.balance_cents).toBe(expected)
    }
    expect(await balance(casino, player.sid)).toBe(expected)
    const rounds = (await client(casino, player.sid).get('/api/player/games')).json()
    expect(rounds).toHaveLength(4)
    expect(
      rounds.every(
        (r: { bet_status: string; total_bets: number }) => r.bet_status === 'closed' && r.total_bets === bet,
      ),
    ).toBe(true)
  })

  it('gives one player’s real rounds on two nodes distinct nonces from one seed chain, each recomputable', async () => {
    const other = await buildGamesApp({
      db,
      wallet,
      casinoOrigins: ['http://localhost:3000'],
      tableSecret: 'test-table-secret',
    })
    try {
      const { player, session } = await realSession(100_000)
      const slot = findGame(slotId())!.slot!
      const bet = slot.coinsPerBet
      const spinOn = (node: FastifyInstance) =>
        node.inject({
          method: 'POST',
          url: '/api/slot/spin',
          headers: auth(session),
          payload: { bet_cents: bet },
        })
      // Turns, then both nodes at once: each node's idea of the next nonce goes stale in turn.
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await spinOn(i % 2 ? other : server))
      answers.push(...(await Promise.all([server, other, server, other, server, other].map(spinOn))))
      expect(answers.every((a) => a.statusCode === 200)).toBe(true)
      const played = answers.map((a) => a.json<{ fair: FairState; outcome: SlotRound; win_cents: number }>())
      expect(played.map((a) => a.fair.nonce).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      // A rotation on one node: the other's next round uses the new seeds.
      const rotated = await other.inject({
        method: 'POST',
        url: '/api/fair/rotate',
        headers: auth(session),
        payload: {},
      })
      const seed: string = rotated.json().revealed.server_seed
      const after = (await spinOn(server)).json<{ fair: FairState; win_cents: number }>()
      expect(after.fair).toEqual({ ...rotated.json().next, nonce: 1 })
      for (const p of played) {
        expect(playSlotRound(slot, new Rng(fairSource(seed, p.fair.client_seed, p.fair.nonce)), bet)).toEqual(
          p.outcome,
        )
      }
      const wins = [...played, after].reduce((sum, p) => sum + p.win_cents, 0)
      expect(await balance(casino, player.sid)).toBe(100_000 - 11 * bet + wins)
    } finally {
      await other.close()
    }
  })

  it('refuses a bet beyond the balance and rolls back a bet whose answer was lost', async () => {
    const { player, session } = await realSession(1_000)
    const slot = findGame(slotId())!.slot!
    const tooMuch = slot.coinsPerBet * Math.ceil(2_000 / slot.coinsPerBet)
    const refused = await spin(session, tooMuch)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('insufficient_funds')
    expect(await balance(casino, player.sid)).toBe(1_000)

    wallet.loseBets = true
    try {
      const lost = await spin(session, slot.coinsPerBet * 5)
      expect(lost.statusCode).toBe(503)
      expect(lost.json().code).toBe('wallet_unavailable')
    } finally {
      wallet.loseBets = false
    }
    expect(await balance(casino, player.sid)).toBe(1_000)
    const [round] = await db.query<{ status: string }>(
      `SELECT status FROM gs_rounds ORDER BY id DESC LIMIT 1`,
    )
    expect(round!.status).toBe('rolled_back')
  })

  it('fails only the round the database refuses, not the rounds written beside it', async () => {
    const [good, bad] = [await realSession(10_000), await realSession(10_000)]
    const bet = findGame(slotId())!.slot!.coinsPerBet
    // Both players' seeds known to the node, so that their next rounds are written together.
    let goodBalance = (await spin(good.session, bet)).json<{ balance_cents: number }>().balance_cents
    const badBalance = (await spin(bad.session, bet)).json<{ balance_cents: number }>().balance_cents
    const [badPlayer] = await db.query<{ player_key: string }>(
      'SELECT player_key FROM gs_sessions WHERE id = $1',
      [bad.session],
    )
    await db.exec(`
      CREATE FUNCTION test_refuse_round() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER test_refuse_round BEFORE INSERT ON gs_rounds FOR EACH ROW
      WHEN (NEW.player_key = '${badPlayer!.player_key}') EXECUTE FUNCTION test_refuse_round();`)
    try {
      // The database held meanwhile: the first round is written alone, the five others together.
      let release!: () => void
      const held = db.transaction(() => new Promise<void>((resolve) => (release = resolve)))
      const spins = Promise.all([good, bad, good, bad, good, bad].map((p) => spin(p.session, bet)))
      await new Promise((resolve) => setTimeout(resolve, 300))
      release()
      await held
      const answers = await spins
      const statuses = answers.map((a) => a.statusCode)
      expect(statuses).toEqual([200, 500, 200, 500, 200, 500])
      for (const a of answers.filter((a) => a.statusCode === 200))
        goodBalance += a.json<{ win_cents: number }>().win_cents - bet
    } finally {
      await db.exec('DROP TRIGGER test_refuse_round ON gs_rounds; DROP FUNCTION test_refuse_round()')
    }
    expect(await balance(casino, good.player.sid)).toBe(goodBalance)
    expect(await balance(casino, bad.player.sid)).toBe(badBalance)
  })

  it('refuses sessions and spins it cannot trust', async () => {
    expect(
      (await server.inject({ method: 'POST', url: '/api/session', payload: { token: 'x'.repeat(40) } }))
        .statusCode,
    ).toBe(401)
    expect((await spin('0'.repeat(32), 100)).statusCode).toBe(401)
    expect(
      (await server.inject({ method: 'POST', url: '/api/slot/spin', payload: { bet_cents: 100 } }))
        .statusCode,
    ).toBe(400)
    const { session } = await start({ demo: true, game: slotId() })
    expect((await spin(session, 1)).json().code).toMatch(/bet/)
    expect((await server.inject({ url: `/games/${encodeURIComponent(slotId())}/1` })).statusCode).toBe(400)
    expect((await server.inject({ url: '/games/nope:nope/1?mode=demo' })).statusCode).toBe(404)
  })
})
