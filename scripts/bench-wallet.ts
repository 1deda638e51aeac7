// `npm run bench:wallet`: the ledger's bet transactions (Ledger.post) on a fresh database, embedded
// (PGlite) and PostgreSQL, against a plain single-row UPDATE on the same database in the same run.
//
// Environment: BENCH_SECONDS (per measured run, default 10), BENCH_PLAYERS (default 1000),
// BENCH_CONCURRENCY (PostgreSQL workers, a list: default 4,8,16), BENCH_DATABASE_URL (a PostgreSQL server to
// create a scratch database on; default postgres://postgres@127.0.0.1:5432/test when it answers,
// `none` to skip PostgreSQL), BENCH_ONLY (`pglite` or `postgres`).
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type Database } from '../apps/api/src/db/client.ts'
import { migrate } from '../apps/api/src/db/migrate.ts'
import { seed } from '../apps/api/src/db/seed/index.ts'
import { checkLedger } from '../apps/api/src/modules/ledger/check.ts'
import { HOUSE_SHARDS, Ledger } from '../apps/api/src/modules/ledger/ledger.ts'
import { openWallet } from '../apps/api/src/modules/wallets/service.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000)
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '4,8,16').split(',').map(Number)
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test'
const ONLY = process.env.BENCH_ONLY
/** Each player starts with 1,000,000.00 EUR: bets of at most 1.00 EUR never run a wallet dry. */
const FUNDS = 100_000_000n

interface Run {
  count: number
  errors: number
  seconds: number
  tps: number
  p50: number
  p99: number
}

interface Row {
  database: string
  scenario: string
  concurrency: number
  ledger: Run
  baseline: Run
}

const f = (n: number, digits = 1) => n.toFixed(digits)
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN

/** `workers` loops calling `op` back to back for `seconds`; the latency of every call is kept. */
async function measure(
  workers: number,
  seconds: number,
  op: (worker: number) => Promise<void>,
): Promise<Run> {
  let latencies = new Float64Array(1 << 16)
  let count = 0
  let errors = 0
  let firstError: unknown
  const start = performance.now()
  const end = start + seconds * 1000
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const t = performance.now()
        try {
          await op(worker)
        } catch (error) {
          errors++
          firstError ??= error
          continue
        }
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2)
          grown.set(latencies)
          latencies = grown
        }
        latencies[count++] = performance.now() - t
      }
    }),
  )
  const elapsed = (performance.now() - start) / 1000
  if (firstError) console.error(`  ${errors} failed, the first: ${(firstError as Error).message}`)
  const sorted = latencies.slice(0, count).sort()
  return {
    count,
    errors,
    seconds: elapsed,
    tps: count / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  }
}

/** N players with an EUR wallet each, funded from house_payments through the ledger. */
async function createPlayers(db: Database, ledger: Ledger, workers: number): Promise<bigint[]> {
  // As in production, the house accounts are older than the players (lower ids).
  await db.transaction(async (tx) => {
    await ledger.accountId(tx, { house: 'house_payments', currency: 'EUR' })
    await ledger.accountId(tx, { house: 'house_games', currency: 'EUR' })
  })
  const rows = await db.query<{ id: bigint }>(
    `INSERT INTO users (email, email_normalized, password_hash, currency, language, confirmed_at)
     SELECT 'bench' || n || '@bench.invalid', 'bench' || n || '@bench.invalid', 'x', 'EUR', 'en', now()
     FROM generate_series(1, $1::int) AS n RETURNING id`,
    [PLAYERS],
  )
  const ids = rows.map((r) => r.id)
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < ids.length) {
        const user = ids[next++]!
        await db.transaction((tx) => openWallet(tx, ledger, user, 'EUR', true))
        await ledger.post({
          key: `bench-deposit-${user}`,
          kind: 'deposit',
          userId: user,
          postings: [
            { account: { house: 'house_payments', currency: 'EUR' }, amount: -FUNDS },
            { account: { user, kind: 'player_real', currency: 'EUR' }, amount: FUNDS },
          ],
        })
      }
    }),
  )
  return ids
}

async function benchDatabase(name: string, db: Database, concurrency: number[]): Promise<Row[]> {
  const workers = Math.max(...concurrency)
  const setup = performance.now()
  await migrate(db)
  await seed(db)
  const ledger = new Ledger(db)
  const players = await createPlayers(db, ledger, workers)
  // The scratch table of the baseline: one row per player, the same single-row update as a balance change.
  await db.exec(`CREATE TABLE bench_accounts (id bigint PRIMARY KEY, balance bigint NOT NULL);
    INSERT INTO bench_accounts SELECT n, ${FUNDS} FROM generate_series(1, ${PLAYERS}) AS n;
    ANALYZE`)
  console.log(
    `\n== ${name}: ${players.length} funded players in ${f((performance.now() - setup) / 1000)} s ` +
      `(migrate + seed included), ${concurrency.join(' and ')} concurrent ${workers === 1 ? 'worker' : 'workers'} ==`,
  )

  const run = `${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`
  let seq = 0
  const bet = (user: bigint) =>
    ledger.post({
      key: `bench-bet-${run}-${++seq}`,
      kind: 'bet',
      userId: user,
      metadata: { game: 'bench' },
      postings: [
        { account: { user, kind: 'player_real', currency: 'EUR' }, amount: -BigInt(1 + (seq % 100)) },
        { account: { house: 'house_games', currency: 'EUR' }, amount: BigInt(1 + (seq % 100)) },
      ],
    })
  const random = () => players[Math.floor(Math.random() * players.length)]!
  const hot = players[0]!
  const update = (id: number) =>
    db.query('UPDATE bench_accounts SET balance = balance - 1 WHERE id = $1', [id])

  // Warm-up: connections, plans.
  await measure(workers, 1, () => bet(random()).then(() => undefined))
  await measure(workers, 0.5, () => update(1 + Math.floor(Math.random() * PLAYERS)).then(() => undefined))

  const rows: Row[] = []
  for (const n of concurrency) {
    for (const [scenario, pick, pickRow] of [
      ['random players', random, () => 1 + Math.floor(Math.random() * PLAYERS)],
      ['hot player', () => hot, () => 1],
    ] as const) {
      const ledgerRun = await measure(n, SECONDS, () => bet(pick()).then(() => undefined))
      const baseline = await measure(n, SECONDS, () => update(pickRow()).then(() => undefined))
      rows.push({ database: name, scenario, concurrency: n, ledger: ledgerRun, baseline })
      const label = `${scenario}, ${n} ${n === 1 ? 'worker' : 'workers'}, ${SECONDS} s:`
      const pad = ' '.repeat(label.length - 'plain UPDATE'.length)
      console.log(
        `${label} ledger bet ${f(ledgerRun.tps, 0)} tx/s, p50 ${f(ledgerRun.p50, 2)} ms, ` +
          `p99 ${f(ledgerRun.p99, 2)} ms (${ledgerRun.count} transactions, ${ledgerRun.errors} errors)`,
      )
      console.log(
        `${pad}plain UPDATE ${f(baseline.tps, 0)} tx/s, p50 ${f(baseline.p50, 2)} ms, p99 ${f(baseline.p99, 2)} ms`,
      )
      console.log(
        `${pad}ratio ledger/UPDATE: throughput ${f(ledgerRun.tps / baseline.tps, 2)}x, ` +
          `p50 ${f(ledgerRun.p50 / baseline.p50)}x, p99 ${f(ledgerRun.p99 / baseline.p99)}x`,
      )
    }
  }

  const report = await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ')
    return checkLedger(tx)
  })
  console.log(
    `ledger check: ${report.accounts} accounts, ${report.transactions} transactions, ${report.entries} entries`,
  )
  if (report.problems.length) {
    for (const problem of report.problems) console.log(`  ✗ ${problem}`)
    process.exitCode = 1
  } else {
    console.log('  ✓ still sound: balances sum to zero per currency, each equals its entries, none negative')
  }
  return rows
}

async function benchPglite(): Promise<Row[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-bench-wallet-'))
  // As DATA_DIR: an on-disk embedded database with full durability.
  const db = await openDatabase({ dataDir: path.join(dir, 'db') })
  try {
    return await benchDatabase('PGlite (embedded, one connection)', db, [1])
  } finally {
    await db.close()
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/** Drops the scratch database; the pool's connections may still be closing, so force only after a while. */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}${attempt < 20 ? '' : ' WITH (FORCE)'}`)
      return
    } catch (error) {
      if (attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

async function benchPostgres(): Promise<Row[] | null> {
  const given = process.env.BENCH_DATABASE_URL
  if (given === 'none') return null
  const url = given ?? DEFAULT_URL
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (error) {
    if (given) throw error
    console.log(`\nPostgreSQL skipped: ${DEFAULT_URL} does not answer (${(error as Error).message}).`)
    console.log('Set BENCH_DATABASE_URL to a server where the user may CREATE DATABASE.')
    return null
  }
  const name = `aurum_bench_${crypto.randomBytes(4).toString('hex')}`
  const [{ version, sync }] = (
    await admin.query<{ version: string; sync: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('synchronous_commit') AS sync`,
    )
  ).rows as [{ version: string; sync: string }]
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  try {
    const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: Math.max(...CONCURRENCY) })
    try {
      return await benchDatabase(
        `PostgreSQL ${version.split(' ')[0]} (synchronous_commit ${sync}, pool of ${Math.max(...CONCURRENCY)})`,
        db,
        CONCURRENCY,
      )
    } finally {
      await db.close()
    }
  } finally {
    await dropDatabase(admin, name)
    await admin.end()
  }
}

const started = performance.now()
console.log(
  `bench:wallet: bet transactions through Ledger.post (player_real -> house_games, unique keys), ` +
    `${SECONDS} s per run, ${PLAYERS} players, on ${os.cpus().length} cores (load generator included, ` +
    `load average ${os.loadavg()[0]!.toFixed(1)} at start)`,
)
console.log(
  `every bet also updates a house_games EUR account: one of ${HOUSE_SHARDS} shards, the player's (migration 009)`,
)
const rows: Row[] = []
if (ONLY !== 'postgres') rows.push(...(await benchPglite()))
const postgres = ONLY === 'pglite' ? null : await benchPostgres()
if (postgres) rows.push(...postgres)

console.log('\n== summary ==')
console.log(
  'database   | scenario       | workers | ledger tx/s | p50      | p99      | UPDATE/s | ledger/UPDATE',
)
for (const r of rows) {
  console.log(
    [
      r.database.split(' ')[0]!.padEnd(10),
      r.scenario.padEnd(14),
      String(r.concurrency).padStart(7),
      f(r.ledger.tps, 0).padStart(11),
      `${f(r.ledger.p50, 2)} ms`.padStart(8),
      `${f(r.ledger.p99, 2)} ms`.padStart(8),
      f(r.baseline.tps, 0).padStart(8),
      `${f(r.ledger.tps / r.baseline.tps, 2)}x`.padStart(13),
    ].join(' | '),
  )
}
console.log('\ntarget (PostgreSQL): at least 1,000 transactions/s with p99 under 20 ms')
if (!postgres) console.log('  not measured: no PostgreSQL')
for (const r of postgres ?? []) {
  const met = r.ledger.tps >= 1000 && r.ledger.p99 < 20
  console.log(
    `  ${r.scenario}, ${r.concurrency} workers: ${f(r.ledger.tps, 0)} tx/s, p99 ${f(r.ledger.p99, 2)} ms: ${met ? 'met' : 'NOT met'}`,
  )
}
console.log(`\ntotal ${f((performance.now() - started) / 1000)} s`)
