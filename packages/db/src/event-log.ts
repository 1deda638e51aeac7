import type { Executor, SqlDatabase } from './client.ts'

/**
 * Consumers of an event outbox (docs/events.md): each reads the events in id order from its
 * position and applies them; its position moves in the same transaction as its effects.
 *
 * - Exactly once: a `transactional` consumer applies a batch in the transaction that records its
 *   receipt (`event_receipts`: the range of ids the batch covered) and moves its position: a crash
 *   before the commit leaves nothing applied, and an event delivered again finds the receipt of
 *   its batch and is passed over. A `notify` consumer (realtime pushes, outside the database) is
 *   told at least once, and its effects are idempotent.
 * - Any number of nodes: a batch holds the consumer's row (`FOR UPDATE SKIP LOCKED`); another node
 *   finds it taken and waits for its next turn, so batches of one consumer never overlap and keep
 *   the outbox's order.
 * - Late commits: ids are taken in one order and committed in another, so an id may be missing
 *   while a later one is visible. A consumer stops at such a gap and notes the read's snapshot
 *   xmax; once every transaction below it has ended (the snapshot's xmin has passed it) the ids
 *   still missing were rolled back, and are passed over. Writers take their transaction id before
 *   the event's (emit_event()), which is what makes the rule exact.
 * - Per-player order: one player's events are applied in id order; the outbox's writers take ids
 *   at the end of their transactions (deferred triggers), after the locks that order them.
 */

export interface OutboxEvent {
  id: bigint
  type: string
  version: number
  userId: bigint | null
  payload: unknown
  createdAt: Date
}

export interface Consumer {
  /** Lower-case name: its row in `event_consumers`. */
  name: string
  /** The event types it applies; the others move its position and nothing else. */
  types: readonly string[]
  /** `transactional`: exactly once, effects in `tx`. `notify`: at least once, effects outside the database. */
  mode: 'transactional' | 'notify'
  /** Applies the batch's events of its types, in id order. Throwing undoes the batch (retried later). */
  apply(events: OutboxEvent[], tx: Executor): Promise<void>
  /** Events read per batch (default 200). */
  batchSize?: number
  /**
   * The shortest time between the starts of two batches that are not catching up on a backlog
   * (default 50 ms): under a steady stream a batch takes what came meanwhile, so 500 events a
   * second cost twenty transactions, not five hundred. It bounds the lag it adds.
   */
  lingerMs?: number
}

export interface EventLogOptions {
  /** How often an idle consumer looks for new events when nothing nudged it (default 200 ms). */
  pollMs?: number
  /** Longest wait after a failed batch (retries back off from pollMs up to this; default 30 s). */
  maxBackoffMs?: number
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  /** Told of every batch applied: the consumer, its events and when the batch committed (lag metrics). */
  onApplied?: (consumer: string, events: OutboxEvent[], committedAt: number) => void
}

/** The outcome of one batch. */
export type BatchResult =
  { status: 'busy' } | { status: 'done'; read: number; applied: number; position: bigint; waiting: boolean }

interface Gap {
  /** The first missing id and the last one taken before the event seen after it. */
  from: bigint
  to: bigint
  /** The snapshot xmax of the read that found it: every writer of a missing id is below it. */
  xmax: bigint
}

interface ReadRow {
  id: bigint | null
  type: string | null
  version: number | null
  user_id: bigint | null
  payload: unknown
  created_at: Date | null
  position: bigint
  xmin: string
  xmax: string
}

interface Runner {
  consumer: Consumer
  gap: Gap | null
  timer: NodeJS.Timeout | null
  running: Promise<void> | null
  again: boolean
  failures: number
  /** When its last batch started (ms since the epoch). */
  lastStart: number
}

export class EventLog {
  private runners = new Map<string, Runner>()
  private started = false
  private stopped = false
  private readonly pollMs: number
  private readonly maxBackoffMs: number

  constructor(
    private db: SqlDatabase,
    private options: EventLogOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 200
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000
  }

  register(consumer: Consumer): void {
    if (!/^[a-z][a-z0-9_-]*$/.test(consumer.name)) throw new Error(`bad consumer name ${consumer.name}`)
    if (this.runners.has(consumer.name)) throw new Error(`consumer ${consumer.name} registered twice`)
    this.runners.set(consumer.name, {
      consumer,
      gap: null,
      timer: null,
      running: null,
      again: false,
      failures: 0,
      lastStart: 0,
    })
  }

  /** Creates the consumers' rows: a new consumer starts at the outbox's current end. */
  async prepare(): Promise<void> {
    for (const name of this.runners.keys()) await this.ensure(name)
  }

  /** Prepares the consumers and starts polling (again, after a stop). */
  async start(): Promise<void> {
    await this.prepare()
    this.started = true
    this.stopped = false
    for (const runner of this.runners.values()) this.schedule(runner, 0)
  }

  /** Something was committed to the outbox on this node: consumers look now instead of at their next poll. */
  nudge(): void {
    if (!this.started || this.stopped) return
    for (const runner of this.runners.values()) this.schedule(runner, 0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const runner of this.runners.values()) {
      if (runner.timer) clearTimeout(runner.timer)
      runner.timer = null
    }
    for (const runner of this.runners.values()) await runner.running?.catch(() => undefined)
  }

  /**
   * A consumer new to the outbox starts at its end: what happened before it existed is history
   * (its own back-fill, if it needs one, reads the tables). Known consumers keep their position.
   */
  private async ensure(name: string): Promise<void> {
    await this.db.query(
      `INSERT INTO event_consumers (name, position)
       VALUES ($1, (SELECT coalesce(max(id), 0) FROM events)) ON CONFLICT (name) DO NOTHING`,
      [name],
    )
  }

  private schedule(runner: Runner, wanted: number): void {
    if (this.stopped) return
    if (runner.running) {
      // Look again as soon as the batch in progress ends.
      if (wanted === 0) runner.again = true
      return
    }
    // No sooner than the linger after the last batch started.
    const linger = runner.lastStart + (runner.consumer.lingerMs ?? 50) - Date.now()
    const delay = Math.max(wanted, linger, 0)
    if (runner.timer) {
      if (wanted > 0) return
      clearTimeout(runner.timer)
    }
    runner.timer = setTimeout(() => {
      runner.timer = null
      runner.running = this.loop(runner).finally(() => {
        runner.running = null
      })
    }, delay)
    runner.timer.unref?.()
  }

  /** Batches until the consumer has caught up (or is busy elsewhere), then waits for a nudge or the poll. */
  private async loop(runner: Runner): Promise<void> {
    let next = this.pollMs
    try {
      for (;;) {
        runner.again = false
        runner.lastStart = Date.now()
        const result = await this.batch(runner.consumer.name)
        runner.failures = 0
        if (this.stopped) return
        // A full batch: a backlog, taken at once. Otherwise the next waits for its linger.
        const full = result.status === 'done' && result.read >= (runner.consumer.batchSize ?? 200)
        if (full && !result.waiting) continue
        // A gap waits for older transactions to end: look again soon, not at the next poll.
        if (result.status === 'done' && result.waiting) next = Math.min(this.pollMs, 20)
        break
      }
    } catch (err) {
      runner.failures++
      next = Math.min(this.maxBackoffMs, this.pollMs * 2 ** runner.failures)
      this.options.log?.error(
        { err, consumer: runner.consumer.name, failures: runner.failures, retryInMs: next },
        'event consumer batch failed',
      )
    }
    if (!this.stopped) {
      runner.running = null
      this.schedule(runner, runner.again && runner.failures === 0 ? 0 : next)
      runner.again = false
    }
  }

  /**
   * Runs batches of `name` until it has caught up with what is committed, waiting its turn while
   * another node's (or this node's own loop's) batch holds the consumer (up to `timeoutMs`): once it
   * returns, every event committed before the call has been applied. Answers how many this call
   * applied (tests, and a node that drains before it stops).
   */
  async drain(name: string, timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs
    let applied = 0
    for (;;) {
      const result = await this.batch(name)
      if (result.status === 'busy') {
        if (Date.now() > deadline) throw new Error(`consumer ${name} stayed busy for ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        continue
      }
      applied += result.applied
      if (result.read === 0 || result.waiting) return applied
    }
  }

  /**
   * One batch of one consumer in one transaction: its row locked (or `busy`), the events after its
   * position read with the read's snapshot, the contiguous ones applied (with receipts for a
   * transactional consumer), the position moved.
   */
  async batch(name: string): Promise<BatchResult> {
    const runner = this.runners.get(name)
    if (!runner) throw new Error(`no consumer ${name}`)
    const { consumer } = runner
    let applied: OutboxEvent[] = []
    const result = await this.db.transaction(
      async (tx): Promise<BatchResult> => {
        // The consumer's row locked (or `busy`) and the events after its position, in one
        // statement, one snapshot: the events and the snapshot's bounds are of the same moment.
        // A round trip costs the casino more than the rows it carries (docs/performance.md).
        const rows = await tx.query<ReadRow>(
          `SELECT c.position, e.id, e.type, e.version, e.user_id, e.payload, e.created_at,
             pg_snapshot_xmin(s.snap)::text AS xmin, pg_snapshot_xmax(s.snap)::text AS xmax
           FROM (SELECT position FROM event_consumers WHERE name = $1 FOR UPDATE SKIP LOCKED) c
           CROSS JOIN (SELECT pg_current_snapshot() AS snap) s
           LEFT JOIN LATERAL (SELECT * FROM events WHERE id > c.position ORDER BY id LIMIT $2) e ON true`,
          [name, consumer.batchSize ?? 200],
        )
        if (rows.length === 0) return { status: 'busy' }
        const own = { position: rows[0]!.position }
        const xmin = BigInt(rows[0]!.xmin)
        const xmax = BigInt(rows[0]!.xmax)
        const taken: OutboxEvent[] = []
        let expected = own.position + 1n
        let waiting = false
        for (const row of rows) {
          if (row.id === null) break
          if (row.id > expected) {
            const gap = runner.gap
            const known = gap !== null && expected >= gap.from && expected <= gap.to
            if (gap !== null && known && xmin >= gap.xmax) {
              // Every writer that could hold a missing id of the gap has ended: what is still
              // missing was rolled back (what committed is in this read, of the same snapshot).
              expected = row.id <= gap.to ? row.id : gap.to + 1n
            }
            if (row.id > expected) {
              if (gap === null || !known || expected > gap.to)
                runner.gap = { from: expected, to: row.id - 1n, xmax }
              waiting = true
              break
            }
          }
          taken.push({
            id: row.id,
            type: row.type!,
            version: row.version!,
            userId: row.user_id,
            payload: row.payload,
            createdAt: row.created_at!,
          })
          expected = row.id + 1n
        }
        if (!waiting && runner.gap && runner.gap.to < expected) runner.gap = null
        const position = expected - 1n
        let mine = taken.filter((event) => consumer.types.includes(event.type))
        if (consumer.mode === 'transactional' && mine.length > 0) {
          // Events inside the range of an earlier receipt were applied: a second delivery (a
          // position set back for a replay) passes over them.
          const first = own.position + 1n
          // The receipt of this batch, and those of earlier ones it overlaps (the statement's
          // snapshot does not see its own insert: `covered` holds only what was there before).
          const covered = await tx.query<{ first_id: bigint; last_id: bigint }>(
            `WITH receipt AS (
             INSERT INTO event_receipts (consumer, first_id, last_id) VALUES ($1, $2, $3)
             ON CONFLICT (consumer, last_id) DO UPDATE SET first_id = least(event_receipts.first_id, excluded.first_id)
           )
           SELECT first_id, last_id FROM event_receipts WHERE consumer = $1 AND last_id >= $2 AND first_id <= $3`,
            [name, first.toString(), position.toString()],
          )
          if (covered.length > 0)
            mine = mine.filter(
              (event) => !covered.some((r) => event.id >= r.first_id && event.id <= r.last_id),
            )
        }
        if (mine.length > 0) await consumer.apply(mine, tx)
        if (position !== own.position)
          await tx.query(
            `UPDATE event_consumers SET position = $2, applied = applied + $3, updated_at = now() WHERE name = $1`,
            [name, position.toString(), mine.length],
          )
        applied = mine
        return { status: 'done', read: taken.length, applied: mine.length, position, waiting }
      },
      // A batch lost with a crash is lost whole (its effects, receipts and position are one
      // commit) and applied again afterwards: it need not wait for the disk like a bet does.
      { synchronousCommit: false },
    )
    if (applied.length > 0) this.options.onApplied?.(name, applied, Date.now())
    return result
  }
}
