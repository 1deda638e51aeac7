import type { Executor } from '../../db/client.ts'

/** A payment as the back office lists it: with its player's e-mail. */
export interface AdminPaymentRow {
  id: bigint
  user_id: bigint
  email: string
  action: 'deposit' | 'cashout'
  method_id: string
  currency: string
  amount_cents: bigint
  fee_cents: bigint
  state: string
  recallable: boolean
  provider: string
  provider_reference: string | null
  cancellation_reason: string | null
  details: Record<string, string>
  created_at: Date
  finished_at: Date | null
}

export interface AdminPaymentFilters {
  from?: Date
  to?: Date
  action?: 'deposit' | 'cashout'
  state?: string
  currency?: string
  userId?: bigint
  amountMin?: bigint
  amountMax?: bigint
}

/** Whitelisted sort columns: the query's name to its SQL (id breaks ties, in the same direction). */
const SORTS = {
  created_at: 'p.created_at ASC, p.id ASC',
  '-created_at': 'p.created_at DESC, p.id DESC',
  amount: 'p.amount_cents ASC, p.id ASC',
  '-amount': 'p.amount_cents DESC, p.id DESC',
} as const
export type AdminPaymentSort = keyof typeof SORTS

const SELECT = `SELECT p.id, p.user_id, u.email, p.action, p.method_id, p.currency, p.amount_cents, p.fee_cents,
    p.state, p.recallable, p.provider, p.provider_reference, p.cancellation_reason, p.details, p.created_at,
    p.finished_at
  FROM payments p JOIN users u ON u.id = p.user_id`

function where(filters: AdminPaymentFilters): { clause: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  const add = (sql: (n: string) => string, value: unknown) => parts.push(sql(`$${params.push(value)}`))
  if (filters.from) add((n) => `p.created_at >= ${n}`, filters.from)
  if (filters.to) add((n) => `p.created_at < ${n}`, filters.to)
  if (filters.action) add((n) => `p.action = ${n}`, filters.action)
  if (filters.state) add((n) => `p.state = ${n}`, filters.state)
  if (filters.currency) add((n) => `p.currency = ${n}`, filters.currency)
  if (filters.userId !== undefined) add((n) => `p.user_id = ${n}`, filters.userId.toString())
  if (filters.amountMin !== undefined) add((n) => `p.amount_cents >= ${n}`, filters.amountMin.toString())
  if (filters.amountMax !== undefined) add((n) => `p.amount_cents <= ${n}`, filters.amountMax.toString())
  return { clause: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

/** The back office's reads of payments (docs/backoffice.md "Payments"). */
export class AdminPaymentsRepository {
  constructor(private db: Executor) {}

  async page(
    filters: AdminPaymentFilters,
    sort: AdminPaymentSort,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminPaymentRow[]; total: number }> {
    const { clause, params } = where(filters)
    const rows = await this.db.query<AdminPaymentRow>(
      `${SELECT} ${clause} ORDER BY ${SORTS[sort]} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    )
    const [count] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM payments p ${clause}`,
      params,
    )
    return { rows, total: Number(count!.n) }
  }

  async findById(id: bigint): Promise<AdminPaymentRow | undefined> {
    const [row] = await this.db.query<AdminPaymentRow>(`${SELECT} WHERE p.id = $1`, [id.toString()])
    return row
  }

  /**
   * Locks a withdrawal still pending until `tx` ends; false when it is not (any more). A payout
   * being started at the same time waits for `tx`, or `tx` waits for it and then finds it taken.
   */
  async lockPendingWithdrawal(tx: Executor, id: bigint): Promise<boolean> {
    const [row] = await tx.query(
      `SELECT id FROM payments WHERE id = $1 AND action = 'cashout' AND state = 'pending' FOR UPDATE`,
      [id.toString()],
    )
    return row !== undefined
  }

  /** The state changes of a payment, from the event outbox (written by its trigger), oldest first. */
  history(payment: AdminPaymentRow): Promise<Array<{ type: string; state: string; at: Date }>> {
    return this.db.query(
      `SELECT type, payload->>'state' AS state, created_at AS at FROM events
       WHERE user_id = $1 AND payload->>'payment_id' = $2 AND (type LIKE 'deposit.%' OR type LIKE 'withdrawal.%')
       ORDER BY id`,
      [payment.user_id.toString(), payment.id.toString()],
    )
  }

  /** Payments `processing` since before a moment: deposits by creation, payouts since they were sent. */
  stuck(before: Date, limit: number): Promise<AdminPaymentRow[]> {
    return this.db.query<AdminPaymentRow>(
      `${SELECT} WHERE p.state = 'processing'
         AND (CASE WHEN p.action = 'deposit' THEN p.created_at ELSE p.payout_sent_at END) < $1
       ORDER BY p.id LIMIT $2`,
      [before, limit],
    )
  }
}
