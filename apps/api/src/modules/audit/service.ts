import type { Clock, Executor } from '@aurum/db'
import type { AuditCsvQuery, AuditEntry, AuditQuery } from '@aurum/shared/contracts/audit'
import { parseBound } from '@aurum/shared/contracts/history'
import { entryHash, GENESIS } from './canonical.ts'
import { csvLine, csvText } from '../../lib/csv.ts'
import { AuditRepository, type AuditFilters, type AuditRow } from './repository.ts'

export type { AuditFilters } from './repository.ts'

/** Who did it: a staff member (their id and their e-mail at the time), or the system or a CLI. */
export type AuditActor = { id: bigint; label: string } | 'system' | 'cli'

/** One entry, as the code that acts writes it (docs/security.md "Audit log"). */
export interface AuditEntryInput {
  actor: AuditActor
  /** Dotted, lowercase: `staff.invited`, `payment.approved`. */
  action: string
  target?: { type: string; id: string | number | bigint }
  /** The state before and after the change (JSON); omit what does not apply. */
  before?: unknown
  after?: unknown
  reason?: string
  /** The request the action came from. */
  request?: { ip?: string; userAgent?: string; id?: string }
}

export interface AuditPageResult {
  data: AuditEntry[]
  /** The cursor of the next page; null on the last. */
  nextCursor: string | null
}

/** A first bad entry of the chain, and what is wrong with it. */
export interface AuditChainProblem {
  id: bigint
  message: string
}

export interface AuditChainReport {
  /** Entries checked (up to the first problem). */
  count: number
  problem: AuditChainProblem | null
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'ip',
  'user_agent',
  'request_id',
  'hash',
]
const CSV_PAGE = 1_000
/** Pages of the verifier: a few megabytes each, whatever the length of the chain. */
export const VERIFY_PAGE = 10_000

function present(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor_id: row.actor_id,
    actor_label: row.actor_label,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
    hash: Buffer.from(row.hash).toString('hex'),
  }
}

/** The service's filters from the viewer's query (validated by the contract's schema). */
export function auditFilters(query: AuditCsvQuery): AuditFilters {
  return {
    from: query.from === undefined ? undefined : parseBound(query.from, false),
    to: query.to === undefined ? undefined : parseBound(query.to, true),
    actorId: query.actor_id === undefined ? undefined : BigInt(query.actor_id),
    actorLabel: query.actor,
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
  }
}

/**
 * The back office's audit log: append-only, chained by SHA-256 (docs/security.md "Audit log").
 * `record` writes in the caller's transaction, so an action and its entry commit or roll back
 * together; the viewer pages by keyset on the id; `verify` recomputes the whole chain.
 */
export class AuditLog {
  private readonly repo = new AuditRepository()

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  /**
   * Appends an entry in `tx`, the transaction of the action (read committed: audit_append refuses
   * another isolation level, whose older snapshot could fork the chain). Entries queue on one
   * lock until each writer commits: keep the transaction short after this call.
   */
  async record(tx: Executor, entry: AuditEntryInput): Promise<bigint> {
    const actor = entry.actor
    return this.repo.append(tx, {
      at: this.clock.now(),
      actorId: typeof actor === 'object' ? actor.id : null,
      actorLabel: typeof actor === 'object' ? actor.label : actor,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target === undefined ? null : String(entry.target.id),
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? null,
      ip: entry.request?.ip ?? null,
      userAgent: entry.request?.userAgent ?? null,
      requestId: entry.request?.id ?? null,
    })
  }

  /** A page of the viewer: newest first unless `sort` is `asc`, from the cursor of the last page. */
  async list(filters: AuditFilters, page: { cursor?: bigint; perPage?: number; sort?: 'asc' | 'desc' } = {}) {
    const limit = page.perPage ?? 50
    // One row more than the page tells whether another page follows.
    const rows = await this.repo.page(this.db, filters, {
      after: page.cursor,
      limit: limit + 1,
      sort: page.sort ?? 'desc',
    })
    const data = rows.slice(0, limit).map(present)
    return {
      data,
      nextCursor: rows.length > limit ? data[data.length - 1]!.id : null,
    } satisfies AuditPageResult
  }

  /** list() from the viewer's query (the contract's auditQuery). */
  listQuery(query: AuditQuery): Promise<AuditPageResult> {
    return this.list(auditFilters(query), {
      cursor: query.cursor === undefined ? undefined : BigInt(query.cursor),
      perPage: query.per_page,
      sort: query.sort,
    })
  }

  /**
   * Every entry the filters find, oldest first, as RFC 4180 CSV (a header line, CRLF), produced a
   * page at a time so an export of the whole log never sits in memory.
   */
  async *csv(filters: AuditFilters): AsyncGenerator<string> {
    yield csvLine(CSV_COLUMNS)
    let cursor: bigint | undefined
    for (;;) {
      const rows = await this.repo.page(this.db, filters, { after: cursor, limit: CSV_PAGE, sort: 'asc' })
      let chunk = ''
      for (const row of rows) {
        const entry = present(row)
        const cells = [
          entry.id,
          entry.at,
          entry.actor_id,
          entry.actor_label,
          entry.action,
          entry.target_type,
          entry.target_id,
          entry.before === null ? null : JSON.stringify(entry.before),
          entry.after === null ? null : JSON.stringify(entry.after),
          entry.reason,
          entry.ip,
          entry.user_agent,
          entry.request_id,
          entry.hash,
        ]
        chunk += csvLine(cells.map(csvText))
      }
      if (chunk) yield chunk
      if (rows.length < CSV_PAGE) return
      cursor = BigInt(rows[rows.length - 1]!.id)
    }
  }

  /**
   * Recomputes the whole chain in id order, a page at a time, and stops at the first entry whose
   * prev_hash is not the hash of the entry before it (one removed, inserted or reordered) or whose
   * hash is not that of its contents (one changed). Gaps in the ids alone are not problems: a
   * rolled-back append leaves one. Run it in one snapshot (a repeatable-read transaction) to
   * check a consistent chain while others append.
   */
  async verify(db: Executor = this.db, onPage?: (count: number) => void): Promise<AuditChainReport> {
    let prev: Uint8Array = GENESIS
    let prevId: bigint | null = null
    let count = 0
    for (;;) {
      const rows = await this.repo.chainPage(db, prevId ?? 0n, VERIFY_PAGE)
      for (const row of rows) {
        const id = BigInt(row.id)
        if (!Buffer.from(row.prev_hash).equals(prev)) {
          const where =
            prevId === null
              ? 'the first entry does not start from the genesis hash (entries before it removed?)'
              : `it is not the hash of entry ${prevId}` +
                (id - prevId > 1n ? ` (ids ${prevId + 1n}-${id - 1n} are missing: entries removed?)` : '')
          return { count, problem: { id, message: `prev_hash mismatch: ${where}` } }
        }
        const hash = entryHash(prev, {
          id: row.id,
          atMicros: row.at_micros,
          actorId: row.actor_id,
          actorLabel: row.actor_label,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          before: row.before,
          after: row.after,
          reason: row.reason,
          ip: row.ip,
          userAgent: row.user_agent,
          requestId: row.request_id,
        })
        if (!hash.equals(row.hash)) {
          return {
            count,
            problem: {
              id,
              message: 'hash mismatch: the entry is not what was written (changed after the fact?)',
            },
          }
        }
        prev = hash
        prevId = id
        count++
      }
      onPage?.(count)
      if (rows.length < VERIFY_PAGE) return { count, problem: null }
    }
  }
}

/** Who acts in the back office and the request they act from, as a service records it in the audit log. */
export interface StaffContext {
  actor: AuditActor
  request?: AuditEntryInput['request']
}

/**
 * The audit context of a signed-in member's request (the admin routes build it from the member and
 * `request.ctx`; services never see the request).
 */
export function staffContext(
  member: { id: bigint; email: string },
  ctx: { ip: string; userAgent: string | null; requestId: string },
): StaffContext {
  return {
    actor: { id: member.id, label: member.email },
    request: { ip: ctx.ip, userAgent: ctx.userAgent ?? undefined, id: ctx.requestId },
  }
}
