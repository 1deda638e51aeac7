import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'

export type HouseKind =
  'house_payments' | 'house_withdrawals' | 'house_games' | 'house_bonuses' | 'house_jackpots' | 'house_fees'
export type PlayerKind = 'player_real' | 'player_bonus'
export type TransactionKind =
  | 'deposit'
  | 'cashout'
  | 'cashout_recall'
  | 'cashout_reject'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'bonus'
  | 'bonus_cancel'
  | 'jackpot'
  | 'fee'
  | 'adjustment'

/** Where an amount goes: a player's account or one of the house's, in a currency. */
export type AccountRef =
  { user: bigint; kind: PlayerKind; currency: string } | { house: HouseKind; currency: string }

export interface Posting {
  account: AccountRef
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint
}

export interface PostRequest {
  /** Applied once: a second post with the same key answers the first result and moves nothing. */
  key: string
  kind: TransactionKind
  userId?: bigint
  metadata?: Record<string, unknown>
  postings: Posting[]
}

export interface PostResult {
  transactionId: bigint
  /** True when the key had been applied before: nothing moved this time. */
  replayed: boolean
  entries: Array<{ accountId: bigint; amount: bigint; balanceAfter: bigint }>
}

/** A player account would go below zero: nothing of the transaction was written. */
export class InsufficientFundsError extends AppError {
  constructor() {
    super('insufficient_funds', 422)
  }
}

/**
 * The double-entry ledger (DESIGN.md): every movement is one database transaction with an
 * idempotency row, one guarded single-statement update per account (a player balance never
 * goes below zero) and append-only entries that sum to zero per currency.
 */
export class Ledger {
  constructor(private db: Database) {}

  /** Posts in its own database transaction. */
  post(request: PostRequest): Promise<PostResult> {
    return this.db.transaction((tx) => this.postWith(tx, request))
  }

  /** Posts inside the caller's transaction (with the caller's other writes, all or nothing). */
  async postWith(tx: Executor, request: PostRequest): Promise<PostResult> {
    assertBalanced(request.postings)
    const [created] = await tx.query<{ id: bigint }>(
      `INSERT INTO ledger_transactions (idempotency_key, kind, user_id, metadata)
       VALUES ($1, $2, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [request.key, request.kind, request.userId?.toString() ?? null, JSON.stringify(request.metadata ?? {})],
    )
    if (!created) return this.replay(tx, request.key)

    const accounts = await Promise.all(request.postings.map((p) => this.accountId(tx, p.account)))
    // One update per account, in id order, so concurrent transactions never wait on each other in a cycle.
    const byAccount = new Map<bigint, bigint>()
    accounts.forEach((id, i) => byAccount.set(id, (byAccount.get(id) ?? 0n) + request.postings[i]!.amount))
    const entries: PostResult['entries'] = []
    for (const [accountId, amount] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (amount === 0n) continue
      const [updated] = await tx.query<{ balance: bigint }>(
        `UPDATE ledger_accounts SET balance = balance + $2
         WHERE id = $1 AND (user_id IS NULL OR balance + $2 >= 0) RETURNING balance`,
        [accountId.toString(), amount.toString()],
      )
      if (!updated) throw new InsufficientFundsError()
      entries.push({ accountId, amount, balanceAfter: updated.balance })
    }
    if (entries.length) {
      await tx.query(
        `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
         SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[])`,
        [
          created.id.toString(),
          entries.map((e) => e.accountId.toString()),
          entries.map((e) => e.amount.toString()),
          entries.map((e) => e.balanceAfter.toString()),
        ],
      )
    }
    return { transactionId: created.id, replayed: false, entries }
  }

  /** The ledger account behind a reference; house accounts and player accounts are opened on first use. */
  async accountId(tx: Executor, ref: AccountRef): Promise<bigint> {
    const [owner, kind] = 'house' in ref ? [null, ref.house] : [ref.user.toString(), ref.kind]
    const conflict =
      owner === null
        ? '(kind, currency) WHERE user_id IS NULL'
        : '(user_id, kind, currency) WHERE user_id IS NOT NULL'
    const [row] = await tx.query<{ id: bigint }>(
      `WITH ins AS (
         INSERT INTO ledger_accounts (user_id, kind, currency) VALUES ($1, $2, $3)
         ON CONFLICT ${conflict} DO NOTHING RETURNING id
       )
       SELECT id FROM ins
       UNION ALL
       SELECT id FROM ledger_accounts WHERE user_id IS NOT DISTINCT FROM $1 AND kind = $2 AND currency = $3
       LIMIT 1`,
      [owner, kind, ref.currency],
    )
    if (row) return row.id
    // Opened by a concurrent transaction after this statement's snapshot: it is visible to the next one.
    const [again] = await tx.query<{ id: bigint }>(
      'SELECT id FROM ledger_accounts WHERE user_id IS NOT DISTINCT FROM $1 AND kind = $2 AND currency = $3',
      [owner, kind, ref.currency],
    )
    if (!again) throw new Error(`ledger account ${kind} ${ref.currency} could not be opened`)
    return again.id
  }

  private async replay(tx: Executor, key: string): Promise<PostResult> {
    const rows = await tx.query<{
      transaction_id: bigint
      account_id: bigint | null
      amount: bigint | null
      balance_after: bigint | null
    }>(
      `SELECT t.id AS transaction_id, e.account_id, e.amount, e.balance_after
       FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
       WHERE t.idempotency_key = $1 ORDER BY e.id`,
      [key],
    )
    return {
      transactionId: rows[0]!.transaction_id,
      replayed: true,
      entries: rows
        .filter((r) => r.account_id !== null)
        .map((r) => ({
          accountId: r.account_id!,
          amount: r.amount!,
          balanceAfter: r.balance_after!,
        })),
    }
  }
}

/** Entries of one transaction sum to zero in every currency (double entry). */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new Error('a ledger transaction needs at least two postings')
  const sums = new Map<string, bigint>()
  for (const p of postings) {
    if (p.amount === 0n) throw new Error('a posting of zero')
    sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amount)
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`postings in ${currency} do not balance (${sum})`)
  }
}
