// `npm run bench:reports`: the back office's GGR report (GET /api/admin/reports/ggr) over a month
// of play on a fresh PostgreSQL database, by each of its groups, for the whole month and for one day.
//
// The month is written directly in SQL rather than through the wallet (a bet through the wallet
// costs a transaction; a million take a while): BENCH_ROUNDS instant rounds (default 1,000,000)
// of BENCH_PLAYERS players (default 20,000) over 30 days, in sessions of 50 rounds of one player
// on one game, a bet each and a win on every third,
// as the ledger holds them (a transaction and two entries each) with their rounds, and the report's
// aggregate (daily_player_games) as the daily-totals consumer keeps it from their events. The
// outbox's triggers are off while it fills (session_replication_role): only the report's reads are timed.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server where the user may CREATE DATABASE; default
// postgres://postgres@127.0.0.1:5432/test), BENCH_ROUNDS, BENCH_PLAYERS.
import crypto from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { migrate } from '../apps/api/src/db/migrate.ts'
import { seed } from '../apps/api/src/db/seed/index.ts'
import { BackOfficeReportsRepository, type GgrKey } from '../apps/api/src/modules/reports/repository.ts'

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000)
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20_000)
const CHUNK = 100_000
const START = '2026-01-01T00:00:00Z'
const DAYS = 30

async function fill(client: pg.Client): Promise<void> {
  await client.query(`SET session_replication_role = replica`)
  await client.query(
    `INSERT INTO users (id, email, email_normalized, password_hash, currency, language, country)
     SELECT i, 'bench' || i || '@aurum.test', 'bench' || i || '@aurum.test', 'x', 'EUR', 'en',
       (SELECT array_agg(code ORDER BY code) FROM countries)[1 + i % 20]
     FROM generate_series(1, $1::int) AS i`,
    [PLAYERS],
  )
  // Player i's real account has id i; the house's games account id 0.
  await client.query(
    `INSERT INTO ledger_accounts (id, user_id, kind, currency)
     SELECT i, i, 'player_real', 'EUR' FROM generate_series(1, $1::int) AS i`,
    [PLAYERS],
  )
  await client.query(
    `INSERT INTO ledger_accounts (id, user_id, kind, currency, shard) VALUES (0, NULL, 'house_games', 'EUR', 0)`,
  )
  for (let first = 1; first <= ROUNDS; first += CHUNK) {
    const last = Math.min(first + CHUNK - 1, ROUNDS)
    const params = [first, last, PLAYERS, ROUNDS, START, DAYS]
    const round = `WITH r AS (
        SELECT i, 1 + (i / 50) % $3::int AS user_id,
          (SELECT array_agg(id ORDER BY id) FROM games)[1 + (i / 50) % (SELECT count(*) FROM games)::int] AS game_id,
          $5::timestamptz + (i::float8 / $4::int) * ($6::int * interval '1 day') AS at
        FROM generate_series($1::int, $2::int) AS i)`
    await client.query(
      `${round}
       INSERT INTO game_rounds (provider, round_id, user_id, game_id, session_id, currency, total_bets, total_wins,
         status, created_at, finished_at)
       SELECT 'aurum', 'r' || i, user_id, game_id, 's' || user_id, 'EUR', 100, CASE WHEN i % 3 = 0 THEN 250 ELSE 0 END,
         'closed', at, at FROM r`,
      params,
    )
    await client.query(
      `${round}
       INSERT INTO ledger_transactions (id, idempotency_key, kind, user_id, metadata, created_at)
       SELECT 2 * i + w, 'game:aurum:' || CASE w WHEN 0 THEN 'b' ELSE 'w' END || i, CASE w WHEN 0 THEN 'bet' ELSE 'win' END,
         user_id, jsonb_build_object('round', 'r' || i, 'game', game_id::text), at
       FROM r CROSS JOIN (VALUES (0), (1)) AS k (w) WHERE w = 0 OR i % 3 = 0`,
      params,
    )
    await client.query(
      `${round}
       INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       SELECT 2 * i + w, CASE s WHEN 0 THEN user_id ELSE 0 END,
         CASE WHEN w = 0 THEN 100 ELSE -250 END * CASE s WHEN 0 THEN -1 ELSE 1 END, 0, at
       FROM r CROSS JOIN (VALUES (0), (1)) AS k (w) CROSS JOIN (VALUES (0), (1)) AS e (s) WHERE w = 0 OR i % 3 = 0`,
      params,
    )
    process.stdout.write('.')
  }
  process.stdout.write('\n')
  // The report's aggregate, as the daily-totals consumer keeps it from the rounds' events.
  await client.query(
    `INSERT INTO daily_player_games (day, currency, game_id, user_id, bets, wins, rounds)
     SELECT (finished_at AT TIME ZONE 'UTC')::date, currency, game_id, user_id, sum(total_bets), sum(total_wins), count(*)
     FROM game_rounds GROUP BY 1, 2, 3, 4`,
  )
  await client.query(`SET session_replication_role = origin`)
  await client.query(`SELECT setval(pg_get_serial_sequence('ledger_transactions', 'id'), $1)`, [
    2 * ROUNDS + 2,
  ])
  await client.query(`VACUUM ANALYZE`)
}

async function dropDatabase(admin: pg.Client, name: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? URL_DEFAULT
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await admin.connect()
  const name = `aurum_bench_${crypto.randomBytes(4).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  try {
    const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 1 })
    await migrate(db)
    await seed(db)
    const client = new pg.Client({ connectionString: dbUrl.toString() })
    await client.connect()
    const started = performance.now()
    await fill(client)
    const [{ size, rows }] = (
      await client.query<{ size: string; rows: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('ledger_entries') + pg_total_relation_size('ledger_transactions')
           + pg_total_relation_size('game_rounds')) AS size,
           (SELECT count(*) FROM daily_player_games) AS rows`,
      )
    ).rows as [{ size: string; rows: string }]
    await client.end()
    console.log(
      `${ROUNDS.toLocaleString('en')} rounds of ${PLAYERS.toLocaleString('en')} players over ${DAYS} days ` +
        `written in ${((performance.now() - started) / 1000).toFixed(1)} s (${size} of ledger and rounds; ` +
        `${Number(rows).toLocaleString('en')} rows of daily_player_games)`,
    )
    const repo = new BackOfficeReportsRepository(db)
    const periods = [
      { label: 'the month', from: '2026-01-01', to: '2026-01-30' },
      { label: 'one day', from: '2026-01-15', to: '2026-01-15' },
    ]
    for (const period of periods)
      for (const group of ['game', 'provider', 'country', 'day', 'none'] as GgrKey[]) {
        const t0 = performance.now()
        const rows = await repo.ggr(
          { ...period, currency: null },
          group,
          { column: 'ggr', direction: 'desc' },
          { limit: 50, offset: 0 },
        )
        const ms = performance.now() - t0
        console.log(
          `${period.label.padEnd(9)} by ${group.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms, ${rows[0]?.total ?? 0} groups`,
        )
      }
    await db.close()
  } finally {
    await dropDatabase(admin, name)
    await admin.end()
  }
}

await main()
