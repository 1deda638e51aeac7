import type { Executor } from '../../db/client.ts'

export type ApprovalKind = 'withdrawal' | 'balance_adjustment' | 'bonus_grant'
export type ApprovalState = 'pending' | 'approved' | 'rejected' | 'cancelled'

/** A four-eyes request with the e-mails of who asked and who decided. */
export interface ApprovalRow {
  id: bigint
  kind: ApprovalKind
  target_type: string
  target_id: string
  user_id: bigint | null
  amount_cents: bigint
  currency: string
  payload: Record<string, unknown>
  requested_by: bigint
  requested_by_email: string
  decided_by: bigint | null
  decided_by_email: string | null
  state: ApprovalState
  request_reason: string | null
  reason: string | null
  created_at: Date
  decided_at: Date | null
}

export interface NewApproval {
  kind: ApprovalKind
  targetType: string
  targetId: string
  userId: bigint | null
  amount: bigint
  currency: string
  payload: Record<string, unknown>
  requestedBy: bigint
  requestReason: string | null
  createdAt: Date
}

const SELECT = `SELECT a.id, a.kind, a.target_type, a.target_id, a.user_id, a.amount_cents, a.currency, a.payload,
    a.requested_by, r.email AS requested_by_email, a.decided_by, d.email AS decided_by_email, a.state,
    a.request_reason, a.reason, a.created_at, a.decided_at
  FROM approval_requests a
  JOIN staff_members r ON r.id = a.requested_by
  LEFT JOIN staff_members d ON d.id = a.decided_by`

/**
 * The four-eyes requests' SQL (docs/backoffice.md "Four-eyes approvals"). Every method runs on the
 * executor it is given: a request changes state in the transaction of the action it approves.
 */
export class ApprovalsRepository {
  /** Writes a pending request; undefined when one is pending for the same target already. */
  async insert(tx: Executor, a: NewApproval): Promise<bigint | undefined> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO approval_requests
         (kind, target_type, target_id, user_id, amount_cents, currency, payload, requested_by, request_reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (kind, target_type, target_id) WHERE state = 'pending' DO NOTHING RETURNING id`,
      [
        a.kind,
        a.targetType,
        a.targetId,
        a.userId?.toString() ?? null,
        a.amount.toString(),
        a.currency,
        JSON.stringify(a.payload),
        a.requestedBy.toString(),
        a.requestReason,
        a.createdAt,
      ],
    )
    return row?.id
  }

  async findById(db: Executor, id: bigint): Promise<ApprovalRow | undefined> {
    const [row] = await db.query<ApprovalRow>(`${SELECT} WHERE a.id = $1`, [id.toString()])
    return row
  }

  /** The request pending for a target, if any. */
  async findPending(
    db: Executor,
    kind: ApprovalKind,
    targetType: string,
    targetId: string,
  ): Promise<ApprovalRow | undefined> {
    const [row] = await db.query<ApprovalRow>(
      `${SELECT} WHERE a.kind = $1 AND a.target_type = $2 AND a.target_id = $3 AND a.state = 'pending'`,
      [kind, targetType, targetId],
    )
    return row
  }

  /** The latest request of a target (any state). */
  async findLatest(db: Executor, targetType: string, targetId: string): Promise<ApprovalRow | undefined> {
    const [row] = await db.query<ApprovalRow>(
      `${SELECT} WHERE a.target_type = $1 AND a.target_id = $2 ORDER BY a.id DESC LIMIT 1`,
      [targetType, targetId],
    )
    return row
  }

  /** Decides a pending request (guarded: only from `pending`); false when it was decided already. */
  async decide(
    tx: Executor,
    id: bigint,
    state: Exclude<ApprovalState, 'pending'>,
    decidedBy: bigint | null,
    reason: string | null,
    at: Date,
  ): Promise<boolean> {
    const [row] = await tx.query(
      `UPDATE approval_requests SET state = $2, decided_by = $3, reason = $4, decided_at = $5
       WHERE id = $1 AND state = 'pending' RETURNING id`,
      [id.toString(), state, decidedBy?.toString() ?? null, reason, at],
    )
    return row !== undefined
  }

  /** A page of requests, newest first (pending ones oldest first: the inbox's order), and the count. */
  async page(
    db: Executor,
    filters: { state?: ApprovalState; kinds: ApprovalKind[] },
    page: { offset: number; limit: number },
  ): Promise<{ rows: ApprovalRow[]; total: number }> {
    const where: string[] = []
    const params: unknown[] = []
    if (filters.state) where.push(`a.state = $${params.push(filters.state)}`)
    where.push(`a.kind = ANY($${params.push(filters.kinds)}::text[])`)
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const order = filters.state === 'pending' ? 'a.id ASC' : 'a.id DESC'
    const rows = await db.query<ApprovalRow>(
      `${SELECT} ${clause} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.limit, page.offset],
    )
    const [count] = await db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM approval_requests a ${clause}`,
      params,
    )
    return { rows, total: Number(count!.n) }
  }
}
