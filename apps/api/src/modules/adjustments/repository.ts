import type { Executor } from '../../db/client.ts'

export interface AdjustmentRow {
  id: bigint
  user_id: bigint
  currency: string
  amount_cents: bigint
  kind: 'real'
  reason: string
  state: 'pending' | 'applied' | 'rejected'
  idempotency_key: string
  requested_by: bigint
  requested_by_email: string
  ledger_transaction_id: bigint | null
  created_at: Date
  decided_at: Date | null
}

export interface NewAdjustment {
  userId: bigint
  currency: string
  amount: bigint
  reason: string
  state: 'pending' | 'applied'
  idempotencyKey: string
  requestedBy: bigint
  createdAt: Date
}

const SELECT = `SELECT a.id, a.user_id, a.currency, a.amount_cents, a.kind, a.reason, a.state, a.idempotency_key,
    a.requested_by, s.email AS requested_by_email, a.ledger_transaction_id, a.created_at, a.decided_at
  FROM balance_adjustments a JOIN staff_members s ON s.id = a.requested_by`

/** Manual balance adjustments' SQL (docs/backoffice.md "Balance adjustments"), on the executor given. */
export class AdjustmentsRepository {
  /** Whether the player exists. */
  async playerExists(db: Executor, userId: bigint): Promise<boolean> {
    const [row] = await db.query('SELECT 1 FROM users WHERE id = $1', [userId.toString()])
    return row !== undefined
  }

  /** Writes a new adjustment; undefined when the player's idempotency key was taken already. */
  async insert(tx: Executor, a: NewAdjustment): Promise<bigint | undefined> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO balance_adjustments (user_id, currency, amount_cents, reason, state, idempotency_key, requested_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        a.userId.toString(),
        a.currency,
        a.amount.toString(),
        a.reason,
        a.state,
        a.idempotencyKey,
        a.requestedBy.toString(),
        a.createdAt,
      ],
    )
    return row?.id
  }

  async findById(db: Executor, id: bigint): Promise<AdjustmentRow | undefined> {
    const [row] = await db.query<AdjustmentRow>(`${SELECT} WHERE a.id = $1`, [id.toString()])
    return row
  }

  async findByKey(db: Executor, userId: bigint, key: string): Promise<AdjustmentRow | undefined> {
    const [row] = await db.query<AdjustmentRow>(`${SELECT} WHERE a.user_id = $1 AND a.idempotency_key = $2`, [
      userId.toString(),
      key,
    ])
    return row
  }

  /** Marks an adjustment applied with its ledger transaction (guarded: the insert's, or a pending one). */
  async markApplied(tx: Executor, id: bigint, transactionId: bigint, at: Date): Promise<boolean> {
    const [row] = await tx.query(
      `UPDATE balance_adjustments SET state = 'applied', ledger_transaction_id = $2, decided_at = $3
       WHERE id = $1 AND (state = 'pending' OR (state = 'applied' AND ledger_transaction_id IS NULL)) RETURNING id`,
      [id.toString(), transactionId.toString(), at],
    )
    return row !== undefined
  }

  async markRejected(tx: Executor, id: bigint, at: Date): Promise<boolean> {
    const [row] = await tx.query(
      `UPDATE balance_adjustments SET state = 'rejected', decided_at = $2 WHERE id = $1 AND state = 'pending' RETURNING id`,
      [id.toString(), at],
    )
    return row !== undefined
  }

  listOf(db: Executor, userId: bigint, limit: number): Promise<AdjustmentRow[]> {
    return db.query<AdjustmentRow>(`${SELECT} WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2`, [
      userId.toString(),
      limit,
    ])
  }
}
