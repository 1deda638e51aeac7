// `npm run bench:audit`: `npm run audit:verify` over a chain of 1,000,000 audit entries on a fresh
// PostgreSQL database (issue 22's target: under 60 s).
//
// The chain is built quickly rather than one audit_append() at a time (about a transaction each):
// the entries are hashed here with the verifier's own canonical form and inserted in batches of
// 10,000 (unnest of arrays, one statement each), and the last BENCH_APPENDS of them (default 100)
// are appended by audit_append() itself, so the chain the verifier walks is joined from both
// sides: a disagreement between the SQL and the TypeScript hashing would fail the run. Then the
// verifier runs as users run it, `npm run audit:verify` with DATABASE_URL set, in a child process.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server where the user may CREATE DATABASE; default
// postgres://postgres@127.0.0.1:5432/test), BENCH_ENTRIES (default 1000000), BENCH_APPENDS.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { migrate } from '../apps/api/src/db/migrate.ts'
import { entryHash, GENESIS, type CanonicalEntry } from '../apps/api/src/modules/audit/canonical.ts'

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test'
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000)
const APPENDS = Math.min(ENTRIES, Number(process.env.BENCH_APPENDS ?? 100))
const BATCH = 10_000
/** 2026-01-01T00:00:00Z in microseconds; entries a few milliseconds apart from it. */
const START_MICROS = 1_767_225_600_000_000n
const ACTIONS = [
  'payment.approved',
  'payment.rejected',
  'player.blocked',
  'player.balance_adjusted',
  'staff.invited',
]

/** An entry of the synthetic log, each field already in the text PostgreSQL renders for it. */
function entry(i: number): CanonicalEntry {
  const staff = (i % 7) + 1
  const action = ACTIONS[i % ACTIONS.length]!
  return {
    id: String(i),
    atMicros: String(START_MICROS + BigInt(i) * 3_217n),
    actorId: String(staff),
    actorLabel: `agent${staff}@aurum.test`,
    action,
    targetType: action.split('.')[0]!,
    targetId: String(100_000 + (i % 50_000)),
    // jsonb's normal form: keys by length then bytes, `": "` and `", "`.
    before: `{"state": "pending", "amount_cents": ${i % 100_000}}`,
    after: `{"state": "${action.split('.')[1]!}", "amount_cents": ${i % 100_000}}`,
    reason: i % 10 === 0 ? `checked against document #${i}` : null,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    requestId: `req-${i}`,
  }
}

async function fill(client: pg.Client, count: number): Promise<void> {
  let prev: Buffer = GENESIS
  for (let first = 1; first <= count; first += BATCH) {
    const rows: CanonicalEntry[] = []
    const prevs: Buffer[] = []
    const hashes: Buffer[] = []
    for (let i = first; i < Math.min(first + BATCH, count + 1); i++) {
      const e = entry(i)
      const hash = entryHash(prev, e)
      rows.push(e)
      prevs.push(prev)
      hashes.push(hash)
      prev = hash
    }
    const column = <K extends keyof CanonicalEntry>(key: K) => rows.map((row) => row[key])
    await client.query(
      `INSERT INTO audit_log (id, at, actor_id, actor_label, action, target_type, target_id, before, after, reason,
         ip, user_agent, request_id, prev_hash, hash)
       SELECT id, 'epoch'::timestamptz + at_micros * interval '1 microsecond', actor_id, actor_label, action,
         target_type, target_id, before, after, reason, ip, user_agent, request_id, prev_hash, hash
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::jsonb[], $9::jsonb[], $10::text[], $11::inet[], $12::text[], $13::text[], $14::bytea[], $15::bytea[])
         AS t (id, at_micros, actor_id, actor_label, action, target_type, target_id, before, after, reason, ip,
           user_agent, request_id, prev_hash, hash)`,
      [
        column('id'),
        column('atMicros'),
        column('actorId'),
        column('actorLabel'),
        column('action'),
        column('targetType'),
        column('targetId'),
        column('before'),
        column('after'),
        column('reason'),
        column('ip'),
        column('userAgent'),
        column('requestId'),
        prevs,
        hashes,
      ],
    )
    if ((first - 1) % 100_000 === 0) process.stdout.write('.')
  }
  process.stdout.write('\n')
  await client.query(`SELECT setval(pg_get_serial_sequence('audit_log', 'id'), $1)`, [count])
}

/** The last entries through audit_append(), as AuditLog.record writes them, each its own transaction. */
async function append(client: pg.Client, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await client.query(
      `SELECT audit_append(now(), 1, 'agent1@aurum.test', 'payment.approved', 'payment', $1, $2::jsonb, $3::jsonb,
         NULL, '192.0.2.1', 'bench', NULL)`,
      [String(i), JSON.stringify({ state: 'pending', i }), JSON.stringify({ state: 'approved', i })],
    )
  }
}

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

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? URL_DEFAULT
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await admin.connect()
  const name = `aurum_bench_${crypto.randomBytes(4).toString('hex')}`
  const [{ version }] = (
    await admin.query<{ version: string }>(`SELECT current_setting('server_version') AS version`)
  ).rows as [{ version: string }]
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  try {
    const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 1 })
    await migrate(db)
    await db.close()

    const client = new pg.Client({ connectionString: dbUrl.toString() })
    await client.connect()
    const fillStarted = performance.now()
    console.log(`PostgreSQL ${version}: ${ENTRIES.toLocaleString('en')} audit entries on ${name}`)
    await fill(client, ENTRIES - APPENDS)
    await append(client, APPENDS)
    await client.query('VACUUM ANALYZE audit_log')
    const [{ size }] = (
      await client.query<{ size: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('audit_log')) AS size`,
      )
    ).rows as [{ size: string }]
    await client.end()
    console.log(
      `filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s (${size} with its indexes)`,
    )

    const started = performance.now()
    const run = spawnSync('npx', ['tsx', 'apps/api/src/audit-verify.ts'], {
      env: { ...process.env, DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    })
    const seconds = (performance.now() - started) / 1000
    process.stdout.write(run.stdout)
    process.stderr.write(run.stderr)
    if (run.status !== 0) throw new Error(`audit:verify exited with ${run.status}`)
    const reported = /verified in ([\d.]+) s/.exec(run.stdout)?.[1]
    const verifySeconds = reported === undefined ? seconds : Number(reported)
    console.log(
      `verify: ${ENTRIES.toLocaleString('en')} entries in ${verifySeconds.toFixed(2)} s ` +
        `(${Math.round(ENTRIES / verifySeconds).toLocaleString('en')} entries/s); ` +
        `the whole command ${seconds.toFixed(2)} s with tsx start-up and the migration check (target: under 60 s)`,
    )
  } finally {
    await dropDatabase(admin, name)
    await admin.end()
  }
}

await main()
