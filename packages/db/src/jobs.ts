import crypto from 'node:crypto'
import os from 'node:os'
import type { Executor, SqlDatabase } from './client.ts'
import type { SharedMigration } from './migrate.ts'
import { systemClock, type Clock } from './clock.ts'

/** What a handler gets: the row it runs for, and the database to work in. */
export interface JobContext<P> {
  id: bigint
  name: string
  key: string | null
  payload: P
  /** 1 for the first run, 2 for the first retry… */
  attempt: number
  maxAttempts: number
  db: SqlDatabase
  /** The queue's clock (the time the job was claimed at is `now()` right after the claim). */
  clock: Clock
}

/**
 * A kind of job and its handler. A job is at least once: a handler must be safe to run again
 * after a node died in it (its lease expires and another node runs it), so its effects are
 * guarded by the rows they change.
 */
export interface JobDefinition<P = unknown> {
  name: string
  run(job: JobContext<P>): Promise<void>
  /** Runs before the job is marked failed for good (default 5). */
  maxAttempts?: number
  /** The delay before the first retry, doubled for each one after it (default 10 s)... */
  backoffMs?: number
  /** ...up to this (default 1 h). */
  maxBackoffMs?: number
  /** How long a claim lasts: past it, a node that has not finished is taken for dead (default 5 min). */
  leaseMs?: number
  /**
   * Recurring: one run per slot of this many milliseconds (slots aligned to the epoch, so every
   * node agrees on them). Each slot is one row whose key is the slot's start: nodes that all try
   * to add it add it once, and it runs once. Slots missed while no node ran are not caught up.
   */
  every?: number
}

/** Keeps the payload's type from the handler (a definition is plain data otherwise). */
export const defineJob = <P>(definition: JobDefinition<P>): JobDefinition<P> => definition

export interface EnqueueOptions {
  /** At most one job of this name with this key is ever added (another enqueue answers null). */
  key?: string
  runAt?: Date
  maxAttempts?: number
  backoffMs?: number
}

export interface JobQueueOptions {
  /** The queue's table (created by `jobsMigrations`): `jobs` for the casino, `gs_jobs` for the game server. */
  table?: string
  clock?: Clock
  /** Logged errors: a handler's failure, a poll that failed. */
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void }
  /** Jobs run side by side by this worker (default 4). */
  concurrency?: number
  /** A finished run is kept this long (default 7 days); a recurring slot's 1 h; a failed job 30 days. */
  keepDoneMs?: number
  keepSlotsMs?: number
  keepFailedMs?: number
}

interface JobRow {
  id: bigint
  name: string
  key: string | null
  payload: unknown
  attempts: number
  max_attempts: number
  backoff_ms: number
}

const DEFAULTS = { maxAttempts: 5, backoffMs: 10_000, maxBackoffMs: 3_600_000, leaseMs: 300_000 }
const PRUNE_EVERY_MS = 60_000

/**
 * The delay before the next run after `attempt` failed runs: backoff, doubled per retry, capped.
 * Exported for the tests and docs, which name the exact times.
 */
export function retryDelay(attempt: number, backoffMs: number, maxBackoffMs = DEFAULTS.maxBackoffMs): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempt - 1))
}

/**
 * The queue's table as a migration of each app's set (migrate.ts `shared`): the casino and the game
 * server each keep their own (`jobs`, `gs_jobs`), as they keep the rest of their tables.
 */
export function jobsMigrations(table = 'jobs'): SharedMigration[] {
  checkTable(table)
  return [
    {
      version: `${table}:001_table`,
      sql: `
CREATE TABLE ${table} (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  -- A singleton's or a recurring slot's key: unique per name while the row is kept.
  key text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  backoff_ms integer NOT NULL CHECK (backoff_ms >= 0),
  lease_ms integer NOT NULL CHECK (lease_ms > 0),
  last_error text,
  -- The worker running it and until when its claim holds (past it another worker takes the job).
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE UNIQUE INDEX ${table}_name_key ON ${table} (name, key) WHERE key IS NOT NULL;
CREATE INDEX ${table}_due ON ${table} (run_at, id) WHERE state IN ('queued', 'running');
CREATE INDEX ${table}_finished ON ${table} (finished_at) WHERE state IN ('done', 'failed');
`,
    },
  ]
}

function checkTable(table: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`bad jobs table name ${table}`)
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\0/g, '').slice(0, 2_000)

/**
 * A durable job queue in the app's own database (PGlite or PostgreSQL): jobs are rows, added in the
 * caller's transaction (`enqueue(tx, …)`, so a job exists exactly when the change it follows
 * committed), claimed with FOR UPDATE SKIP LOCKED under a lease, retried with exponential backoff,
 * kept afterwards for a while to be looked at. Recurring jobs are materialised one row per slot.
 * Every time is the queue's clock, never the database's, so tests move time instead of sleeping.
 */
export class JobQueue {
  readonly table: string
  readonly clock: Clock
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`
  private definitions = new Map<string, JobDefinition<never>>()
  private lastSlot = new Map<string, number>()
  private lastPrune = -Infinity
  private chain: Promise<unknown> = Promise.resolve()
  private timer: ReturnType<typeof setTimeout> | undefined
  private started = false
  private pollMs = 0
  private woken = false

  constructor(
    private db: SqlDatabase,
    private options: JobQueueOptions = {},
  ) {
    this.table = options.table ?? 'jobs'
    checkTable(this.table)
    this.clock = options.clock ?? systemClock
  }

  register(...definitions: Array<JobDefinition<never>>): this {
    for (const d of definitions) {
      if (this.definitions.has(d.name)) throw new Error(`job ${d.name} is registered twice`)
      if (d.every !== undefined && !(d.every >= 1_000)) throw new Error(`job ${d.name}: every must be ≥ 1 s`)
      this.definitions.set(d.name, d)
    }
    return this
  }

  /**
   * Adds a job through `executor`: pass the transaction of the change the job follows, so that it
   * commits (or rolls back) with it. With a key already taken nothing is added and the answer is null.
   * Call `wake()` once committed to have it run here without waiting for the next poll.
   */
  async enqueue(
    executor: Executor,
    name: string,
    payload: unknown = {},
    options: EnqueueOptions = {},
  ): Promise<bigint | null> {
    const d = this.definitions.get(name)
    const now = this.clock.now()
    const [row] = await executor.query<{ id: bigint }>(
      `INSERT INTO ${this.table} (name, key, payload, run_at, max_attempts, backoff_ms, lease_ms, created_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (name, key) WHERE key IS NOT NULL DO NOTHING RETURNING id`,
      [
        name,
        options.key ?? null,
        JSON.stringify(payload),
        options.runAt ?? now,
        options.maxAttempts ?? d?.maxAttempts ?? DEFAULTS.maxAttempts,
        options.backoffMs ?? d?.backoffMs ?? DEFAULTS.backoffMs,
        d?.leaseMs ?? DEFAULTS.leaseMs,
        now,
      ],
    )
    return row?.id ?? null
  }

  /**
   * Polls every `pollMs` (0: only when woken or asked with `runDue`). The timer is a wake-up call
   * for this worker, not a schedule: what runs, and when, is in the table.
   */
  start(pollMs = 1_000): void {
    if (this.started) return
    this.started = true
    this.pollMs = pollMs
    if (pollMs > 0) this.wake()
  }

  /** Runs what is due soon, in the background (after a commit that added a job). */
  wake(): void {
    if (!this.started || this.woken) return
    this.woken = true
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.woken = false
      this.runDue().then(
        () => this.schedule(),
        (err: unknown) => {
          this.options.log?.error({ err }, 'job queue: poll failed')
          this.schedule()
        },
      )
    }, 0)
    this.timer.unref()
  }

  private schedule() {
    if (!this.started || this.pollMs <= 0 || this.woken) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.wake(), this.pollMs)
    this.timer.unref()
  }

  /**
   * Runs the jobs due now (of `names`, else every registered one) until none is left, after the
   * runs already under way on this queue: tests and command-line tools await their jobs with it.
   * Answers how many runs it made.
   */
  runDue(names?: readonly string[]): Promise<number> {
    const next = this.chain.then(async () => {
      let total = 0
      for (;;) {
        const ran = await this.tick(names)
        total += ran
        if (ran === 0) return total
      }
    })
    this.chain = next.catch(() => undefined)
    return next
  }

  /** Stops polling and waits for the runs under way. */
  async stop(): Promise<void> {
    this.started = false
    clearTimeout(this.timer)
    await this.chain
  }

  /** One round: add the recurring slots now due, prune, claim a batch and run it. */
  private async tick(names?: readonly string[]): Promise<number> {
    const wanted = [...this.definitions.values()].filter((d) => !names || names.includes(d.name))
    if (wanted.length === 0) return 0
    const now = this.clock.now()
    await this.materialise(wanted, now)
    await this.prune(now)
    const claimed = await this.db.query<JobRow>(
      `UPDATE ${this.table} j SET state = 'running', attempts = j.attempts + 1, locked_by = $1,
         locked_until = $2::timestamptz + make_interval(secs => j.lease_ms / 1000.0), updated_at = $2
       FROM (
         SELECT id FROM ${this.table}
         WHERE name = ANY($3::text[]) AND run_at <= $2
           AND (state = 'queued' OR (state = 'running' AND locked_until <= $2))
         ORDER BY run_at, id LIMIT $4 FOR UPDATE SKIP LOCKED
       ) due
       WHERE j.id = due.id
       RETURNING j.id, j.name, j.key, j.payload, j.attempts, j.max_attempts, j.backoff_ms`,
      [this.workerId, now, wanted.map((d) => d.name), this.options.concurrency ?? 4],
    )
    await Promise.all(claimed.map((row) => this.execute(row)))
    return claimed.length
  }

  private async materialise(wanted: Array<JobDefinition<never>>, now: Date): Promise<void> {
    for (const d of wanted) {
      if (d.every === undefined) continue
      const slot = Math.floor(now.getTime() / d.every) * d.every
      if (this.lastSlot.get(d.name) === slot) continue
      await this.enqueue(this.db, d.name, {}, { key: new Date(slot).toISOString(), runAt: new Date(slot) })
      this.lastSlot.set(d.name, slot)
    }
  }

  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = now.getTime()
    const ago = (ms: number) => new Date(now.getTime() - ms)
    const recurring = [...this.definitions.values()].filter((d) => d.every !== undefined).map((d) => d.name)
    await this.db.query(
      `DELETE FROM ${this.table} WHERE (state = 'done' AND finished_at < CASE WHEN name = ANY($1::text[]) THEN $2::timestamptz ELSE $3::timestamptz END)
         OR (state = 'failed' AND finished_at < $4)`,
      [
        recurring,
        ago(this.options.keepSlotsMs ?? 3_600_000),
        ago(this.options.keepDoneMs ?? 7 * 86_400_000),
        ago(this.options.keepFailedMs ?? 30 * 86_400_000),
      ],
    )
  }

  private async execute(row: JobRow): Promise<void> {
    const d = this.definitions.get(row.name)!
    const attempt = row.attempts
    const maxAttempts = row.max_attempts
    // A claim whose worker died on the last allowed run: not run again.
    if (attempt > maxAttempts) {
      await this.finish(row, 'failed', 'the worker running its last attempt stopped (lease expired)')
      return
    }
    try {
      await d.run({
        id: row.id,
        name: row.name,
        key: row.key,
        payload: row.payload as never,
        attempt,
        maxAttempts,
        db: this.db,
        clock: this.clock,
      })
    } catch (error) {
      this.options.log?.error({ err: error, job: row.name, id: row.id.toString(), attempt }, 'job failed')
      if (attempt >= maxAttempts) await this.finish(row, 'failed', message(error))
      else {
        const delay = retryDelay(attempt, row.backoff_ms, d.maxBackoffMs)
        await this.db.query(
          `UPDATE ${this.table} SET state = 'queued', run_at = $3, last_error = $4, locked_by = NULL,
             locked_until = NULL, updated_at = $5
           WHERE id = $1 AND locked_by = $2 AND state = 'running'`,
          [
            row.id,
            this.workerId,
            new Date(this.clock.now().getTime() + delay),
            message(error),
            this.clock.now(),
          ],
        )
      }
      return
    }
    await this.finish(row, 'done', null)
  }

  /** Only while the claim is still this worker's: a worker whose lease ran out changes nothing. */
  private async finish(row: JobRow, state: 'done' | 'failed', error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET state = $3, finished_at = $4, updated_at = $4, locked_by = NULL,
         locked_until = NULL, last_error = COALESCE($5, last_error)
       WHERE id = $1 AND locked_by = $2 AND state = 'running'`,
      [row.id, this.workerId, state, this.clock.now(), error],
    )
  }
}
