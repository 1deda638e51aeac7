import {
  EVENT_SCHEMAS,
  latestVersion,
  parseEvent,
  type DomainEvent,
  type EventPayloadInput,
  type EventType,
} from '@aurum/shared/events'
import type { Executor, OutboxEvent } from '@aurum/db'

/**
 * Writes an event to the outbox through `executor`, so it commits with the change it tells of
 * (docs/events.md). The payload is checked against the schema of the type's latest version: a
 * malformed event is a bug here, not a consumer's problem later. Most events are written by the
 * database itself (db/functions/events_of_*.sql); this is for changes made outside those tables
 * (sessions kept in Redis, a limit that refused something in a transaction that rolled back).
 */
export async function emitEvent<T extends EventType>(
  executor: Executor,
  type: T,
  userId: bigint | null,
  payload: EventPayloadInput<T>,
): Promise<bigint> {
  const version = latestVersion(type)
  const schema = (EVENT_SCHEMAS[type] as Record<number, { parse(value: unknown): unknown }>)[version]!
  schema.parse(payload)
  const [row] = await executor.query<{ id: bigint }>('SELECT emit_event($1, $2::smallint, $3, $4) AS id', [
    type,
    version,
    userId?.toString() ?? null,
    JSON.stringify(payload),
  ])
  return row!.id
}

/** The outbox's events as consumers read them: parsed by their schemas. */
export function domainEvents(events: OutboxEvent[]): DomainEvent[] {
  return events.map((event) => parseEvent(event))
}

type Log = { warn(obj: object, msg: string): void }

/**
 * Where services write events (docs/events.md). `emit` writes in the caller's transaction;
 * `emitDetached` writes a fact that stands whatever the caller's transaction does (a limit that
 * refused a bet: the bet's transaction rolls back, the refusal happened) in a statement of its own,
 * not awaited, so it never waits on the caller's locks. After a write this node's consumers look
 * at once instead of at their next poll.
 */
export class EventOutbox {
  constructor(
    private db: Executor,
    private log: Log,
    private written: () => void = () => {},
  ) {}

  async emit<T extends EventType>(
    executor: Executor,
    type: T,
    userId: bigint | null,
    payload: EventPayloadInput<T>,
  ): Promise<void> {
    await emitEvent(executor, type, userId, payload)
    executor.afterCommit(this.written)
  }

  emitDetached<T extends EventType>(type: T, userId: bigint | null, payload: EventPayloadInput<T>): void {
    emitEvent(this.db, type, userId, payload)
      .then(() => this.written())
      .catch((err: unknown) => this.log.warn({ err, type }, 'event not written'))
  }

  /** Something this node committed wrote events (the database's own triggers): look now. */
  committed(): void {
    this.written()
  }
}
