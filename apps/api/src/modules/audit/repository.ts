import type { Executor } from '@aurum/db'

/** What an entry says; the chain (id, hashes) is the database's to write. */
export interface AuditRecord {
  at: Date
  actorId: bigint | null
  actorLabel: string
  action: string
  targetType: string | null
  targetId: string | null
  before: unknown
  after: unknown
  reason: string | null
  ip: string | null
  userAgent: string | null
  requestId: string | null
}

/** The viewer's filters, all optional and combined with AND. */
export interface AuditFilters {
  from?: Date
  /** Exclusive. */
  to?: Date
  actorId?: bigint
  actorLabel?: string
  /** An action or a prefix of whole segments (`payment` finds `payment.approved`). */
  action?: string
  targetType?: string
  targetId?: string
}

export interface AuditRow {
  id: string
  at: Date
  actor_id: string | null
  actor_label: string
  action: string
  target_type: string | null
  target_id: string | null
  before: unknown
  after: unknown
  reason: string | null
  ip: string | null
  user_agent: string | null
  request_id: string | null
  hash: Uint8Array
}

/** An entry as the verifier reads it: every field as the text the canonical form takes. */
export interface ChainRow {
  id: string
  at_micros: string
  actor_id: string | null
  actor_label: string
  action: string
  target_type: string | null
  target_id: string | null
  before: string | null
  after: string | null
  reason: string | null
  ip: string | null
  user_agent: string | null
  request_id: string | null
  prev_hash: Uint8Array
  hash: Uint8Array
}

const LIKE_SPECIAL = /[\\%_]/g

/** WHERE clause of the filters, its parameters numbered from 1. */
function where(filters: AuditFilters): { sql: string; params: unknown[] } {
  const terms: string[] = []
  const params: unknown[] = []
  const add = (term: (n: string) => string, value: unknown) => {
    params.push(value)
    terms.push(term(`$${params.length}`))
  }
  if (filters.from) add((p) => `at >= ${p}`, filters.from)
  if (filters.to) add((p) => `at < ${p}`, filters.to)
  if (filters.actorId !== undefined) add((p) => `actor_id = ${p}`, filters.actorId.toString())
  if (filters.actorLabel !== undefined) add((p) => `actor_label = ${p}`, filters.actorLabel)
  if (filters.action !== undefined) {
    // Whole segments: the action itself, or below it. The LIKE pattern is served by the
    // text_pattern_ops index; its wildcards are escaped, though the contract allows none.
    add((p) => `action = ${p}`, filters.action)
    const exact = terms.pop()!
    add((p) => `(${exact} OR action LIKE ${p})`, `${filters.action.replace(LIKE_SPECIAL, '\\$&')}.%`)
  }
  if (filters.targetType !== undefined) add((p) => `target_type = ${p}`, filters.targetType)
  if (filters.targetId !== undefined) add((p) => `target_id = ${p}`, filters.targetId)
  return { sql: terms.length ? terms.join(' AND ') : 'true', params }
}

const COLUMNS = `id::text AS id, at, actor_id::text AS actor_id, actor_label, action, target_type, target_id,
  before, after, reason, host(ip) AS ip, user_agent, request_id, hash`

/** The audit log's SQL. It holds no handle: each call runs on the executor it is given. */
export class AuditRepository {
  /** Appends one entry in the executor's transaction (audit_append: lock, chain, insert). */
  async append(tx: Executor, entry: AuditRecord): Promise<bigint> {
    const [row] = await tx.query<{ id: string }>(
      `SELECT audit_append($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::inet, $11, $12)::text AS id`,
      [
        entry.at,
        entry.actorId?.toString() ?? null,
        entry.actorLabel,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
        entry.reason,
        entry.ip,
        entry.userAgent,
        entry.requestId,
      ],
    )
    return BigInt(row!.id)
  }

  /** A page of the viewer: up to `limit` entries after the cursor, in id order either way. */
  async page(
    db: Executor,
    filters: AuditFilters,
    page: { after?: bigint; limit: number; sort: 'asc' | 'desc' },
  ): Promise<AuditRow[]> {
    const { sql, params } = where(filters)
    const cursor =
      page.after === undefined ? '' : ` AND id ${page.sort === 'asc' ? '>' : '<'} $${params.length + 1}`
    if (page.after !== undefined) params.push(page.after.toString())
    params.push(page.limit)
    // audit_log.id: a bare `id` in ORDER BY would name the output column, id::text, and sort as text.
    return db.query<AuditRow>(
      `SELECT ${COLUMNS} FROM audit_log WHERE ${sql}${cursor}
       ORDER BY audit_log.id ${page.sort === 'asc' ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
      params,
    )
  }

  /** The chain from an id on, in id order, as the verifier recomputes it. */
  async chainPage(db: Executor, afterId: bigint, limit: number): Promise<ChainRow[]> {
    // audit_log.id, not the text alias (see page()).
    return db.query<ChainRow>(
      `SELECT id::text AS id, (EXTRACT(EPOCH FROM at) * 1000000)::bigint::text AS at_micros,
         actor_id::text AS actor_id, actor_label, action, target_type, target_id, before::text AS before,
         after::text AS after, reason, ip::text AS ip, user_agent, request_id, prev_hash, hash
       FROM audit_log WHERE id > $1 ORDER BY audit_log.id LIMIT $2`,
      [afterId.toString(), limit],
    )
  }
}
