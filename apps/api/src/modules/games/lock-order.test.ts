import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { checkLedger } from '../ledger/index.ts'
import { HOUSE_SHARDS } from '../ledger/index.ts'
import { balance, client, fund } from '../payments/testing.ts'
import { seedTestGames, TEST_WALLET_SECRET, walletCall } from './testing.ts'

/**
 * The ledger's lock order under load (docs/ARCHITECTURE.md "Ledger": no two ledger transactions
 * wait in a cycle). Only PostgreSQL runs transactions at once (PGlite one after the other: no lock
 * is ever waited for there), so the case that holds a lock is in the list only on PostgreSQL; the
 * mixed load runs on both and keeps the books on both.
 */
const onPostgres = inject('dbTemplate').kind === 'postgres'

/** Rounds of calls of every player at once: PGlite plays them one after the other, a few keep its books. */
const WAVES = onPostgres ? 12 : 3

/** The test pool's connections (test/database.ts opens PostgreSQL test databases with 4). */
const POOL = 4

/**
 * Deadlocks PostgreSQL has counted in this database. A backend sends its counters to the shared
 * statistics when it goes idle, at most once a second (otherwise up to 10 s later): each pooled
 * connection is held at once, told to send them at its next idle moment, then released.
 */
async function deadlocks(db: Database): Promise<number> {
  if (!onPostgres) return 0
  let arrived = 0
  let all!: () => void
  const together = new Promise<void>((resolve) => (all = resolve))
  await Promise.all(
    Array.from({ length: POOL }, () =>
      db.transaction(async (tx) => {
        await tx.query('SELECT pg_stat_force_next_flush()')
        if (++arrived === POOL) all()
        await together
      }),
    ),
  )
  const [row] = await db.query<{ deadlocks: bigint }>(
    'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
  )
  return Number(row!.deadlocks)
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
})
afterAll(async () => {
  await ctx?.close()
})

/** A funded player with a real-money game session opened by a launch and the game server's authenticate. */
async function seated() {
  const player = await registerPlayer(ctx.app, { currency: 'EUR' })
  await fund(ctx, player.sid, 100_000)
  const launch = await client(ctx, player.sid).post('/api/games/launch', {
    identifier: 'goldfinch:test-slot-1',
    mode: 'real',
  })
  const token = new URL(launch.json<{ url: string }>().url).searchParams.get('token')!
  const auth = await walletCall(ctx, 'authenticate', { token })
  return { ...player, sessionId: auth.json<{ session_id: string }>().session_id }
}
type Seated = Awaited<ReturnType<typeof seated>>

/** Resolves once `n` statements of this database wait for a lock (held by the test, or by each other). */
async function waiting(db: Database, n: number): Promise<void> {
  for (const started = Date.now(); ;) {
    if (Date.now() - started > 10_000) throw new Error(`fewer than ${n} lock waits after 10 s`)
    const [row] = await db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
    if (Number(row!.n) >= n) return
  }
}

let ids = 0
const id = (name: string) => `${name}-${process.pid}-${++ids}`

describe("the ledger's lock order", () => {
  it('batched spins, single bets and wins of the same players and house shards never deadlock', async () => {
    // Two players per house shard: a batch of spins and a single bet meet on the shard's row.
    const players: Array<Seated & { net: number }> = []
    for (let n = 0; n < 2 * HOUSE_SHARDS; n++) players.push({ ...(await seated()), net: 0 })
    const before = await deadlocks(ctx.db)

    const statuses = new Map<number, number>()
    const failures: string[] = []
    /** A wallet call; `tolerated` names the one refusal a race may rightly end in. */
    const call = async (
      body: Parameters<typeof walletCall>[2],
      what: 'bet' | 'win' | 'rollback',
      tolerated?: string,
    ) => {
      const res = await walletCall(ctx, what, body)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      const ok = res.statusCode === 200 || (tolerated && res.json<{ code?: string }>().code === tolerated)
      if (!ok) failures.push(`${what} ${res.statusCode} ${res.body}`)
      return res.statusCode === 200
    }
    const spin = (p: (typeof players)[number], n: number) => {
      const bet = 10 + (n % 7)
      const win = n % 3 ? 0 : 25
      p.net += win - bet
      return call(
        {
          session_id: p.sessionId,
          transaction_id: id('bet'),
          round_id: id('round'),
          amount_cents: bet,
          win: { transaction_id: id('win'), amount_cents: win },
        },
        'bet',
      )
    }
    // A round of several calls: its bet, then its win, or its win and a rollback of its bet at
    // once (the game server gave up on the bet's answer): both touch the round and the balances.
    const single = async (p: (typeof players)[number], n: number) => {
      const round = id('round')
      const bet = {
        session_id: p.sessionId,
        transaction_id: id('bet'),
        round_id: round,
        amount_cents: 20 + (n % 5),
      }
      if (await call(bet, 'bet')) p.net -= bet.amount_cents
      const win = {
        session_id: p.sessionId,
        transaction_id: id('win'),
        round_id: round,
        amount_cents: 30,
        round_closed: true,
      }
      if (n % 3) {
        if (await call(win, 'win')) p.net += win.amount_cents
        return
      }
      const rollback = {
        session_id: p.sessionId,
        transaction_id: id('rollback'),
        reference_transaction_id: bet.transaction_id,
        round_id: round,
      }
      // Rolled back first, the round is void and its win refused; paid first, the win stands.
      const [paid, undone] = await Promise.all([
        call(win, 'win', 'round_mismatch'),
        call(rollback, 'rollback'),
      ])
      if (paid) p.net += win.amount_cents
      if (undone) p.net += bet.amount_cents
    }
    // Every player spins and bets alone at the same time, in waves, in changing orders.
    for (let wave = 0; wave < WAVES; wave++) {
      const order = players.map((p, i) => ({ p, i, k: (i * 7 + wave * 5) % players.length }))
      order.sort((a, b) => a.k - b.k)
      await Promise.all(
        order.flatMap(({ p, i }) => [spin(p, wave + i), single(p, wave * 3 + i), spin(p, wave + i + 1)]),
      )
    }

    const counted = (await deadlocks(ctx.db)) - before
    expect({ failures: failures.slice(0, 3), deadlocks: counted }).toEqual({ failures: [], deadlocks: 0 })
    expect(statuses.get(500)).toBeUndefined()
    for (const p of players) expect(await balance(ctx, p.sid)).toBe(100_000 + p.net)
    expect((await checkLedger(ctx.db)).problems).toEqual([])
  }, 60_000)

  const heldLocks = onPostgres ? [it] : []
  for (const test of heldLocks)
    // Once retried: under a loaded CI machine the win was once not seen queued within the
    // time allowed (a timing flake of the set-up, not a deadlock: the retry runs the same checks).
    test(
      'a rollback and a win of the same round take the round before the balances, as every path does',
      { retry: 1 },
      async () => {
        const p = await seated()
        const round = id('round')
        const bet = { session_id: p.sessionId, transaction_id: id('bet'), round_id: round, amount_cents: 400 }
        expect((await walletCall(ctx, 'bet', bet)).statusCode).toBe(200)
        const before = await deadlocks(ctx.db)

        // The player's account is held (a deposit, say) while the rollback and then the win arrive,
        // so that both queue on it in that order and meet on the round's row once it is free.
        let release!: () => void
        const held = new Promise<void>((resolve) => (release = resolve))
        const holder = ctx.db.transaction(async (tx) => {
          await tx.query(
            `SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'player_real' FOR NO KEY UPDATE`,
            [p.id],
          )
          await held
        })
        const rollback = walletCall(ctx, 'rollback', {
          session_id: p.sessionId,
          transaction_id: id('rollback'),
          reference_transaction_id: bet.transaction_id,
          round_id: round,
        })
        // A set-up that never queues must not leave the holder's transaction open.
        await waiting(ctx.db, 1).catch((error: unknown) => {
          release()
          throw error
        })
        const win = walletCall(ctx, 'win', {
          session_id: p.sessionId,
          transaction_id: id('win'),
          round_id: round,
          amount_cents: 900,
          round_closed: true,
        })
        await waiting(ctx.db, 2).catch((error: unknown) => {
          release()
          throw error
        })
        release()
        await holder
        const [undone, paid] = await Promise.all([rollback, win])

        expect({
          rollback: undone.statusCode,
          win: paid.json<{ code?: string }>().code ?? paid.statusCode,
        }).toEqual({
          rollback: 200,
          win: 'round_mismatch',
        })
        expect((await deadlocks(ctx.db)) - before).toBe(0)
        expect(await balance(ctx, p.sid)).toBe(100_000)
        expect((await checkLedger(ctx.db)).problems).toEqual([])
      },
    )
})
