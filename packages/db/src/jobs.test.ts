import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqlDatabase } from './client.ts'
import { defineJob, jobsMigrations, JobQueue, retryDelay, type JobDefinition } from './jobs.ts'
import type { Clock } from './clock.ts'
import { migrate } from './migrate.ts'

/** A clock the test moves. */
const clockAt = (iso: string) => {
  let t = Date.parse(iso)
  const clock: Clock & { move(ms: number): void } = {
    now: () => new Date(t),
    move: (ms) => {
      t += ms
    },
  }
  return clock
}

interface Backend {
  /** Two handles on one database: two nodes (on PostgreSQL, two pools; embedded, the one database). */
  nodes: [SqlDatabase, SqlDatabase]
  close(): Promise<void>
}

async function migrated(db: SqlDatabase, table: string) {
  await migrate(db, {
    dir: emptyDir,
    table: `${table}_migrations`,
    lockKey: 7,
    shared: jobsMigrations(table),
  })
}

let emptyDir: string
const backends: Array<[string, () => Promise<Backend>]> = [
  [
    'PGlite',
    async () => {
      const db = await openDatabase({})
      return { nodes: [db, db], close: () => db.close() }
    },
  ],
]
const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl) {
  backends.push([
    'PostgreSQL',
    async () => {
      const name = `aurum_jobs_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
      const admin = new pg.Client({ connectionString: pgUrl })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      await admin.end()
      const url = new URL(pgUrl)
      url.pathname = `/${name}`
      const a = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 })
      const b = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 })
      return {
        nodes: [a, b],
        async close() {
          await a.close()
          await b.close()
          const c = new pg.Client({ connectionString: pgUrl })
          await c.connect()
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          await c.end()
        },
      }
    },
  ])
}

beforeAll(async () => {
  const fs = await import('node:fs/promises')
  const os = await import('node:os')
  const path = await import('node:path')
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-jobs-'))
})

let tables = 0
/** A fresh table name (the migrations table's name takes letters only). */
const newTable = () => `jobs_${String.fromCharCode(97 + tables++)}`

describe.each(backends)('the job queue on %s', (_name, open) => {
  let backend: Backend
  beforeAll(async () => {
    backend = await open()
  })
  afterAll(() => backend.close())

  /** A fresh table, and a queue per node on it with the same definitions and clock. */
  async function queues(clock: Clock, ...definitions: Array<JobDefinition<never>>) {
    const table = newTable()
    await migrated(backend.nodes[0], table)
    const [a, b] = backend.nodes.map((db) => new JobQueue(db, { table, clock }).register(...definitions))
    const rows = () =>
      backend.nodes[0].query<{
        name: string
        key: string | null
        state: string
        attempts: number
        last_error: string | null
        run_at: Date
        locked_by: string | null
      }>(`SELECT name, key, state, attempts, last_error, run_at, locked_by FROM ${table} ORDER BY id`)
    return { a: a!, b: b!, table, rows }
  }

  it('adds a job with the transaction that asks for it: rolled back, there is none', async () => {
    const clock = clockAt('2026-01-01T00:00:00Z')
    const seen: string[] = []
    const job = defineJob<{ n: string }>({
      name: 'note',
      run: async ({ payload }) => {
        seen.push(payload.n)
      },
    })
    const { a, rows } = await queues(clock, job)
    const db = backend.nodes[0]
    await expect(
      db.transaction(async (tx) => {
        await a.enqueue(tx, 'note', { n: 'lost' })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await db.transaction((tx) => a.enqueue(tx, 'note', { n: 'kept' }))
    expect(await a.runDue()).toBe(1)
    expect(seen).toEqual(['kept'])
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([['done', 1]])
    // A key is taken once: the same singleton is not added again.
    expect(await a.enqueue(db, 'note', { n: 'x' }, { key: 'k' })).not.toBeNull()
    expect(await a.enqueue(db, 'note', { n: 'y' }, { key: 'k' })).toBeNull()
    await a.runDue()
    expect(seen).toEqual(['kept', 'x'])
  })

  it('retries a failing job with exponential backoff by the clock, then marks it failed for good', async () => {
    const clock = clockAt('2026-01-01T00:00:00Z')
    let failuresLeft = 2
    let runs = 0
    const flaky = defineJob({
      name: 'flaky',
      backoffMs: 10_000,
      maxAttempts: 3,
      run: async ({ attempt }) => {
        runs++
        if (failuresLeft-- > 0) throw new Error(`refused on attempt ${attempt}`)
      },
    })
    const hopeless = defineJob({
      name: 'hopeless',
      backoffMs: 1_000,
      maxAttempts: 2,
      run: async () => {
        throw new Error('never')
      },
    })
    const { a, rows } = await queues(clock, flaky, hopeless)
    await a.enqueue(backend.nodes[0], 'flaky')
    expect(await a.runDue()).toBe(1)
    expect((await rows())[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'refused on attempt 1',
    })
    expect((await rows())[0]!.run_at.getTime()).toBe(clock.now().getTime() + 10_000)
    // Not before its time...
    clock.move(9_999)
    expect(await a.runDue()).toBe(0)
    clock.move(1)
    expect(await a.runDue()).toBe(1)
    // ...and the second retry waits twice as long.
    expect((await rows())[0]!.run_at.getTime()).toBe(clock.now().getTime() + retryDelay(2, 10_000))
    clock.move(19_999)
    expect(await a.runDue()).toBe(0)
    clock.move(1)
    expect(await a.runDue()).toBe(1)
    expect(runs).toBe(3)
    expect((await rows())[0]).toMatchObject({
      state: 'done',
      attempts: 3,
      last_error: 'refused on attempt 2',
    })

    await a.enqueue(backend.nodes[0], 'hopeless')
    await a.runDue()
    clock.move(1_000)
    await a.runDue()
    clock.move(3_600_000)
    expect(await a.runDue()).toBe(0)
    expect((await rows())[1]).toMatchObject({
      name: 'hopeless',
      state: 'failed',
      attempts: 2,
      last_error: 'never',
    })
  })

  it("resumes a job on another worker once a crashed worker's lease has expired, and runs it there once", async () => {
    const clock = clockAt('2026-01-01T00:00:00Z')
    const ran: string[] = []
    let crash: (() => void) | undefined
    const definition = (worker: string): JobDefinition<never> => ({
      name: 'lease',
      leaseMs: 60_000,
      run: async () => {
        ran.push(worker)
        // The first worker hangs in the job, as a node that died in it would never finish.
        if (worker === 'a' && !crash) await new Promise<void>((resolve) => (crash = resolve))
      },
    })
    const table = newTable()
    await migrated(backend.nodes[0], table)
    const a = new JobQueue(backend.nodes[0], { table, clock }).register(definition('a'))
    const b = new JobQueue(backend.nodes[1], { table, clock }).register(definition('b'))
    await a.enqueue(backend.nodes[0], 'lease')
    const stuck = a.runDue()
    await expect.poll(() => ran).toEqual(['a'])
    // While the lease holds, nobody else takes the job.
    clock.move(59_999)
    expect(await b.runDue()).toBe(0)
    clock.move(1)
    expect(await b.runDue()).toBe(1)
    expect(ran).toEqual(['a', 'b'])
    // The first worker comes back to life: its late finish changes nothing.
    crash!()
    await stuck
    const [row] = await backend.nodes[0].query<{ state: string; attempts: number; locked_by: string | null }>(
      `SELECT state, attempts, locked_by FROM ${table}`,
    )
    expect(row).toEqual({ state: 'done', attempts: 2, locked_by: null })
    clock.move(3_600_000)
    expect(await a.runDue()).toBe(0)
    expect(await b.runDue()).toBe(0)
  })

  it('is not run again when the worker of its last attempt died', async () => {
    const clock = clockAt('2026-01-01T00:00:00Z')
    let hang: (() => void) | undefined
    let runs = 0
    const once = defineJob({
      name: 'once',
      maxAttempts: 1,
      leaseMs: 1_000,
      run: async () => {
        runs++
        if (runs === 1) await new Promise<void>((resolve) => (hang = resolve))
      },
    })
    const { a, b, rows } = await queues(clock, once)
    await a.enqueue(backend.nodes[0], 'once')
    const stuck = a.runDue()
    await expect.poll(() => runs).toBe(1)
    clock.move(1_000)
    expect(await b.runDue()).toBe(1)
    expect(runs).toBe(1)
    expect((await rows())[0]).toMatchObject({ state: 'failed', attempts: 2 })
    expect((await rows())[0]!.last_error).toMatch(/lease expired/)
    hang!()
    await stuck
    expect((await rows())[0]!.state).toBe('failed')
  })

  it('runs each recurring slot once with two workers running at the same time', async () => {
    const clock = clockAt('2026-01-01T00:00:10Z')
    const runs: string[] = []
    const tick = (worker: string) =>
      defineJob({
        name: 'tick',
        every: 60_000,
        run: async ({ key }) => {
          runs.push(`${worker} ${key}`)
        },
      })
    const table = newTable()
    await migrated(backend.nodes[0], table)
    const a = new JobQueue(backend.nodes[0], { table, clock }).register(tick('a'))
    const b = new JobQueue(backend.nodes[1], { table, clock }).register(tick('b'))
    for (let i = 0; i < 3; i++) {
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()])
      clock.move(20_000)
    }
    // 00:00:10, :30 and :50 are one slot; 01:10 the next.
    await Promise.all([a.runDue(), b.runDue()])
    expect(runs.map((r) => r.split(' ')[1])).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z'])
    // A slot's row is kept a while after it ran, then pruned.
    clock.move(2 * 3_600_000)
    await a.runDue()
    const left = await backend.nodes[0].query<{ key: string }>(`SELECT key FROM ${table} ORDER BY id`)
    expect(left.map((r) => r.key)).toEqual(['2026-01-01T02:01:00.000Z'])
  })

  it('polls by itself once started, and runs a job it is woken for at once', async () => {
    const seen: string[] = []
    const job = defineJob<{ n: string }>({
      name: 'ping',
      run: async ({ payload }) => {
        seen.push(payload.n)
      },
    })
    const { a } = await queues(clockAt('2026-01-01T00:00:00Z'), job)
    a.start(0)
    await a.enqueue(backend.nodes[0], 'ping', { n: 'woken' })
    a.wake()
    await expect.poll(() => seen).toEqual(['woken'])
    await a.stop()
    const polling = new JobQueue(backend.nodes[1], { table: a.table, clock: a.clock }).register(job)
    await polling.enqueue(backend.nodes[1], 'ping', { n: 'polled' })
    polling.start(20)
    await expect.poll(() => seen).toEqual(['woken', 'polled'])
    await polling.stop()
  })
})
