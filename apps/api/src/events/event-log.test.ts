import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import {
  EventLog,
  JobQueue,
  openDatabase,
  type Consumer,
  type OutboxEvent,
  type SqlDatabase,
} from '@aurum/db'
import type { Database } from '../db/client.ts'
import { openTestDatabase } from '../test/database.ts'
import { eventJobs, RECEIPT_RETENTION_MS } from './jobs.ts'
import { emitEvent } from './outbox.ts'

/**
 * The outbox's consumers (docs/events.md): exactly once with duplicates delivered, after a crash
 * mid-batch, with two nodes; never skipping a transaction that committed after a later one; each
 * player's events in order. Transactions that overlap exist only on PostgreSQL (PGlite runs one
 * after the other), so the late commit is a PostgreSQL case; a rolled-back id is a gap on both.
 */
const onPostgres = inject('dbTemplate').kind === 'postgres'

let db: Database
let url: string | undefined
let drop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ db, url, drop } = await openTestDatabase(inject('dbTemplate')))
  await db.exec(
    `CREATE TABLE tally (n bigserial PRIMARY KEY, consumer text, node text, event_id bigint, user_id bigint)`,
  )
})
afterAll(async () => {
  await db?.close()
  await drop?.()
})

let logs: EventLog[] = []
beforeEach(async () => {
  await db.exec(`TRUNCATE tally; DELETE FROM event_receipts; DELETE FROM event_consumers;`)
})
afterEach(async () => {
  await Promise.all(logs.map((log) => log.stop()))
  logs = []
})

let seq = 0
/** A transactional consumer writing one tally row per event it applies; `fail` may throw at an event. */
function tally(name: string, node = 'a', fail?: (event: OutboxEvent, index: number) => boolean): Consumer {
  return {
    name,
    mode: 'transactional',
    types: ['session.started'],
    batchSize: 50,
    async apply(events, tx) {
      for (const [index, event] of events.entries()) {
        await tx.query('INSERT INTO tally (consumer, node, event_id, user_id) VALUES ($1, $2, $3, $4)', [
          name,
          node,
          event.id.toString(),
          event.userId?.toString() ?? null,
        ])
        if (fail?.(event, index)) throw new Error('the node died')
      }
    },
  }
}

function logOf(database: SqlDatabase, consumer: Consumer, pollMs = 5): EventLog {
  const log = new EventLog(database, { pollMs })
  log.register(consumer)
  logs.push(log)
  return log
}

const emit = (executor: Pick<Database, 'query' | 'afterCommit' | 'exec'>, user: number) =>
  emitEvent(executor, 'session.started', BigInt(user), { session: `s${++seq}`, ip: null })

async function applied(consumer: string) {
  return db.query<{ event_id: bigint; user_id: bigint; node: string }>(
    'SELECT event_id, user_id, node FROM tally WHERE consumer = $1 ORDER BY n',
    [consumer],
  )
}

async function emitted(from: bigint) {
  const rows = await db.query<{ id: bigint }>(
    `SELECT id FROM events WHERE id > $1 AND type = 'session.started' ORDER BY id`,
    [from.toString()],
  )
  return rows.map((row) => row.id)
}

/**
 * Drains until `consumer` has applied `n` events (or 10 s pass): a gap is passed over only once
 * every transaction older than its read has ended, cluster-wide on PostgreSQL (other test files'
 * databases included), which may take a few drains.
 */
async function drainUntil(log: EventLog, consumer: string, n: number): Promise<void> {
  for (const started = Date.now(); (await applied(consumer)).length < n;) {
    if (Date.now() - started > 10_000) return
    await log.drain(consumer)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function lastId(): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>('SELECT coalesce(max(id), 0)::int8 AS id FROM events')
  return row!.id
}

describe('event consumers', () => {
  it('apply each event once though it is delivered twice', async () => {
    const log = logOf(db, tally('twice'))
    await log.prepare()
    const start = await lastId()
    for (let i = 0; i < 60; i++) await emit(db, i % 6)
    expect(await log.drain('twice')).toBe(60)
    // Delivered again from the start: each event finds its receipt.
    await db.query(`UPDATE event_consumers SET position = $1 WHERE name = 'twice'`, [start.toString()])
    expect(await log.drain('twice')).toBe(0)
    const rows = await applied('twice')
    expect(rows.map((row) => row.event_id)).toEqual(await emitted(start))
  })

  it("keep receipts a day, and those of events past the consumer's position until it gets there", async () => {
    const log = logOf(db, tally('prune'))
    await log.prepare()
    for (let i = 0; i < 10; i++) await emit(db, i)
    expect(await log.drain('prune')).toBe(10)
    const [first] = await db.query<{ position: bigint }>(
      `SELECT position FROM event_consumers WHERE name = 'prune'`,
    )
    for (let i = 0; i < 10; i++) await emit(db, i)
    expect(await log.drain('prune')).toBe(10)
    const receipts = async () =>
      (await db.query(`SELECT 1 FROM event_receipts WHERE consumer = 'prune'`)).length
    expect(await receipts()).toBe(2)
    // The consumer set back (a replay under way): the receipt past its position stays.
    await db.query(`UPDATE event_consumers SET position = $1 WHERE name = 'prune'`, [
      first!.position.toString(),
    ])
    const run = async (at: number) => {
      const jobs = new JobQueue(db, { clock: { now: () => new Date(at) } })
      jobs.register(...eventJobs(db))
      await jobs.runDue(['events.prune_receipts'])
    }
    await run(Date.now() + RECEIPT_RETENTION_MS - 60_000)
    expect(await receipts()).toBe(2)
    await run(Date.now() + RECEIPT_RETENTION_MS + 3_600_000)
    expect(await receipts()).toBe(1)
    // The replay passes over what the kept receipt covers.
    expect(await log.drain('prune')).toBe(0)
  })

  it('leave nothing applied by a batch that died midway, and apply it all once afterwards', async () => {
    let dead = false
    const log = logOf(
      db,
      tally('crash', 'a', (_event, index) => {
        if (dead || index < 20) return false
        dead = true
        return true
      }),
    )
    await log.prepare()
    const start = await lastId()
    for (let i = 0; i < 40; i++) await emit(db, i % 4)
    await expect(log.batch('crash')).rejects.toThrow('the node died')
    expect(await applied('crash')).toEqual([])
    const [consumer] = await db.query<{ position: bigint }>(
      `SELECT position FROM event_consumers WHERE name = 'crash'`,
    )
    expect(consumer!.position).toBe(start)
    expect(await log.drain('crash')).toBe(40)
    expect((await applied('crash')).map((row) => row.event_id)).toEqual(await emitted(start))
  })

  it('apply a stream written while two nodes run, each event once and each player in order', async () => {
    // A second node: its own connections to the same database (PGlite: one process, one handle).
    const other: SqlDatabase = onPostgres ? await openDatabase({ databaseUrl: url!, poolSize: 3 }) : db
    try {
      const a = logOf(db, tally('nodes', 'a'), 2)
      const b = logOf(other, tally('nodes', 'b'), 2)
      await a.start()
      await b.start()
      const start = await lastId()
      const total = 300
      // Writers at once, in transactions of one to three events of a player.
      await Promise.all(
        Array.from({ length: 6 }, async (_, writer) => {
          for (let i = 0; i < total / 6;) {
            const n = Math.min(1 + ((i + writer) % 3), total / 6 - i)
            await db.transaction(async (tx) => {
              for (let k = 0; k < n; k++) await emit(tx, writer)
            })
            i += n
            if (i % 10 === 0) a.nudge()
          }
        }),
      )
      for (const started = Date.now(); (await applied('nodes')).length < total;) {
        if (Date.now() - started > 20_000) throw new Error('the consumers did not catch up within 20 s')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const rows = await applied('nodes')
      expect(rows.map((row) => row.event_id).sort((x, y) => (x < y ? -1 : 1))).toEqual(await emitted(start))
      for (let user = 0; user < 6; user++) {
        const mine = rows.filter((row) => row.user_id === BigInt(user)).map((row) => row.event_id)
        expect(mine).toEqual([...mine].sort((x, y) => (x < y ? -1 : 1)))
      }
      // Order across the whole stream too: one consumer's batches never overlap.
      expect(rows.map((row) => row.event_id)).toEqual(await emitted(start))
    } finally {
      if (other !== db) {
        await Promise.all(logs.map((log) => log.stop()))
        await other.close()
      }
    }
  })

  it('pass over an id whose transaction rolled back', async () => {
    const log = logOf(db, tally('rollback'))
    await log.prepare()
    const start = await lastId()
    await emit(db, 1)
    await db
      .transaction(async (tx) => {
        await emit(tx, 1)
        throw new Error('changed its mind')
      })
      .catch(() => undefined)
    await emit(db, 1)
    // The gap is seen, then known to be for good once every older transaction has ended.
    await drainUntil(log, 'rollback', 2)
    const ids = await emitted(start)
    expect(ids).toHaveLength(2)
    expect(ids[1]! - ids[0]!).toBe(2n)
    expect((await applied('rollback')).map((row) => row.event_id)).toEqual(ids)
  })

  // Only PostgreSQL runs two transactions at once.
  if (onPostgres) {
    it('wait for a transaction that took its id first and commits last', async () => {
      const log = logOf(db, tally('late'))
      await log.prepare()
      const start = await lastId()
      const slow = new pg.Client({ connectionString: url })
      await slow.connect()
      try {
        await slow.query('BEGIN')
        const { rows } = await slow.query<{ id: string }>(
          `SELECT emit_event('session.started', 1::smallint, 7, '{"session":"slow","ip":null}') AS id`,
        )
        const slowId = BigInt(rows[0]!.id)
        await emit(db, 7)
        await emit(db, 8)
        // The two later events are visible, the first is not: nothing past it is applied.
        expect(await log.drain('late')).toBe(0)
        expect(await log.drain('late')).toBe(0)
        const [consumer] = await db.query<{ position: bigint }>(
          `SELECT position FROM event_consumers WHERE name = 'late'`,
        )
        expect(consumer!.position).toBe(slowId - 1n)
        await slow.query('COMMIT')
        expect(await log.drain('late')).toBe(3)
        expect((await applied('late')).map((row) => row.event_id)).toEqual(await emitted(start))
        expect((await applied('late'))[0]!.event_id).toBe(slowId)
      } finally {
        await slow.end()
      }
    })

    it('pass over the id of a transaction that rolled back after a later one committed', async () => {
      const log = logOf(db, tally('late-rollback'))
      await log.prepare()
      const start = await lastId()
      const slow = new pg.Client({ connectionString: url })
      await slow.connect()
      try {
        await slow.query('BEGIN')
        await slow.query(
          `SELECT emit_event('session.started', 1::smallint, 7, '{"session":"slow","ip":null}')`,
        )
        await emit(db, 7)
        expect(await log.drain('late-rollback')).toBe(0)
        await slow.query('ROLLBACK')
        await drainUntil(log, 'late-rollback', 1)
        expect((await applied('late-rollback')).map((row) => row.event_id)).toEqual(await emitted(start))
        expect(await applied('late-rollback')).toHaveLength(1)
      } finally {
        await slow.end()
      }
    })
  }
})
