import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signBody } from '@aurum/game-protocol'
import { ROUND_DETAILS_PATH, roundDetailsKey } from '@aurum/game-protocol/round-details'
import { migrate, openDatabase, type SqlDatabase } from '@aurum/db'
import { GAME_SERVER_MIGRATIONS, WalletClient, buildGamesApp, games } from '@aurum/games/testing'
import {
  TEST_WALLET_SECRET,
  checkLedger,
  client,
  createTestApp,
  fund,
  registerPlayer,
  type TestContext,
} from '@aurum/api/testing'

/**
 * The games history's provably fair data, end to end: rounds played through the real game server
 * (seeds, nonces, the wallet), then listed by the casino, which asks the game server for them.
 */
let casino: TestContext
let gamesDb: SqlDatabase
let server: FastifyInstance
let wallet: WalletClient
let gamesPort: number
let serverClosed = false

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  gamesPort = await freePort()
  casino = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET, GAMES_PORT: String(gamesPort) })
  const address = await casino.app.listen({ port: 0, host: '127.0.0.1' })
  gamesDb = await openDatabase({})
  await migrate(gamesDb, GAME_SERVER_MIGRATIONS)
  wallet = new WalletClient(address, TEST_WALLET_SECRET)
  server = await buildGamesApp({
    db: gamesDb,
    wallet,
    casinoOrigins: ['http://localhost:3000'],
    tableSecret: 'test-table-secret',
    roundDetailsKey: roundDetailsKey(TEST_WALLET_SECRET),
  })
  await server.listen({ port: gamesPort, host: '127.0.0.1' })
})
afterAll(async () => {
  expect((await checkLedger(casino.db)).problems).toEqual([])
  if (!serverClosed) await server.close()
  wallet.close()
  await gamesDb.close()
  await casino.close()
})

const slot = () => [...games().values()].find((g) => g.definition.type === 'slot')!
const auth = (session: string) => ({ authorization: `Bearer ${session}` })

interface Spin {
  round_id: string
  balance_cents: number
  outcome: unknown
  fair: { server_seed_hash: string; client_seed: string; nonce: number }
}

interface Round {
  round_id: string
  total_bets: number
  balance_after_cents: number | null
  fairness: {
    server_seed_hash: string
    client_seed: string
    nonce: number
    server_seed: string | null
    verify_url: string
  } | null
}

/** The verifier's page shows what it recomputed as escaped JSON. */
const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

describe('provably fair data in the games history', () => {
  it('lists each round’s seeds and nonce from the game server, the server seed once rotated, and a verifier that recomputes it', async () => {
    const player = await registerPlayer(casino.app, { currency: 'EUR' })
    await fund(casino, player.sid, 10_000)
    const game = slot()
    const launch = await client(casino, player.sid).post('/api/games/launch', {
      identifier: game.definition.identifier,
      mode: 'real',
    })
    const token = new URL(launch.json<{ url: string }>().url).searchParams.get('token')!
    const started = await server.inject({ method: 'POST', url: '/api/session', payload: { token } })
    expect(started.statusCode, started.body).toBe(200)
    const session = started.json<{ session: string }>().session
    const bet = game.slot!.coinsPerBet * 5
    const spins: Spin[] = []
    for (let i = 0; i < 3; i++) {
      const res = await server.inject({
        method: 'POST',
        url: '/api/slot/spin',
        headers: auth(session),
        payload: { bet_cents: bet },
      })
      expect(res.statusCode, res.body).toBe(200)
      spins.unshift(res.json<Spin>())
    }

    const list = async () => (await client(casino, player.sid).get('/api/player/games')).json<Round[]>()
    const base = `http://localhost:${gamesPort}`
    const verifyUrl = (s: Spin, seed?: string) =>
      `${base}/verify?${new URLSearchParams({
        game: game.definition.identifier,
        client_seed: s.fair.client_seed,
        nonce: String(s.fair.nonce),
        bet_cents: String(bet),
        ...(seed ? { server_seed: seed } : {}),
      }).toString()}`
    const before = await list()
    expect(before.map((r) => [r.round_id, r.total_bets, r.balance_after_cents, r.fairness])).toEqual(
      spins.map((s) => [
        s.round_id,
        bet,
        s.balance_cents,
        { ...s.fair, server_seed: null, verify_url: verifyUrl(s) },
      ]),
    )

    // Rotating reveals the seed: the history shows it, and the verifier recomputes each round.
    const rotated = await server.inject({
      method: 'POST',
      url: '/api/fair/rotate',
      headers: auth(session),
      payload: {},
    })
    const seed = rotated.json<{ revealed: { server_seed: string } }>().revealed.server_seed
    const after = await list()
    expect(after.map((r) => r.fairness)).toEqual(
      spins.map((s) => ({ ...s.fair, server_seed: seed, verify_url: verifyUrl(s, seed) })),
    )
    for (const [i, round] of after.entries()) {
      const page = await server.inject({ url: round.fairness!.verify_url.slice(base.length) })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(
        `SHA-256 of the server seed: <code>${spins[i]!.fair.server_seed_hash}</code>`,
      )
      expect(page.body).toContain(escaped(JSON.stringify(spins[i]!.outcome, null, 2)))
    }

    // The back office's rounds (GET /api/admin/games/rounds) carry the same data for the operator.
    const admin = await casino.app.services.catalogueAdmin.rounds(
      { userId: BigInt(player.id) },
      { page: 1, perPage: 10 },
    )
    expect(admin.fairnessAvailable).toBe(true)
    expect(admin.data.map((r) => [r.round_id, r.total_bets_cents, r.fairness])).toEqual(
      spins.map((s) => [
        s.round_id,
        String(bet),
        { ...s.fair, server_seed: seed, verify_path: verifyUrl(s, seed).slice(base.length) },
      ]),
    )

    // The export carries the same data.
    const csv = await client(casino, player.sid).get('/api/player/games.csv')
    const rows = csv.body.slice(1).split('\r\n').slice(1, -1)
    expect(rows).toHaveLength(3)
    for (const [i, s] of spins.entries()) {
      expect(
        rows[i]!.endsWith(
          `,${s.fair.server_seed_hash},${s.fair.client_seed},${s.fair.nonce},${seed},${verifyUrl(s, seed)}`,
        ),
      ).toBe(true)
    }
  })

  it('answers only signed, fresh requests of the casino, and only real-money rounds', async () => {
    const demo = await server.inject({
      method: 'POST',
      url: '/api/session',
      payload: { demo: true, game: slot().definition.identifier },
    })
    const spin = await server.inject({
      method: 'POST',
      url: '/api/slot/spin',
      headers: auth(demo.json<{ session: string }>().session),
      payload: { bet_cents: slot().slot!.coinsPerBet },
    })
    const demoRound = spin.json<Spin>().round_id
    const ask = (body: object, key = roundDetailsKey(TEST_WALLET_SECRET)) => {
      const payload = JSON.stringify(body)
      return server.inject({
        method: 'POST',
        url: ROUND_DETAILS_PATH,
        headers: { 'content-type': 'application/json', 'x-signature': signBody(key, payload) },
        payload,
      })
    }
    const fresh = await ask({ at: Date.now(), round_ids: [demoRound, 'unknown-round'] })
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect(fresh.json()).toEqual({ rounds: [] })
    expect((await ask({ at: Date.now() - 10 * 60_000, round_ids: [demoRound] })).statusCode).toBe(401)
    expect((await ask({ at: Date.now(), round_ids: [demoRound] }, 'another key')).statusCode).toBe(401)
    const unsigned = await server.inject({
      method: 'POST',
      url: ROUND_DETAILS_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ at: Date.now(), round_ids: [demoRound] }),
    })
    expect(unsigned.statusCode).toBe(401)
    expect((await ask({ at: Date.now(), round_ids: [] })).statusCode).toBe(400)
  })

  it('still lists the rounds, without fairness data, when the game server cannot be reached', async () => {
    const player = await registerPlayer(casino.app, { currency: 'EUR' })
    await fund(casino, player.sid, 10_000)
    const launch = await client(casino, player.sid).post('/api/games/launch', {
      identifier: slot().definition.identifier,
      mode: 'real',
    })
    const token = new URL(launch.json<{ url: string }>().url).searchParams.get('token')!
    const session = (await server.inject({ method: 'POST', url: '/api/session', payload: { token } })).json<{
      session: string
    }>().session
    await server.inject({
      method: 'POST',
      url: '/api/slot/spin',
      headers: auth(session),
      payload: { bet_cents: slot().slot!.coinsPerBet },
    })
    await server.close()
    serverClosed = true
    const res = await client(casino, player.sid).get('/api/player/games')
    expect(res.statusCode).toBe(200)
    expect(res.json<Round[]>().map((r) => r.fairness)).toEqual([null])
  })
})
