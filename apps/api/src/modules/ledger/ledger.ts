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

  /**
   * Posts inside the caller's transaction (with the caller's other writes, all or nothing).
   *
   * Few round trips, and few while a row is locked (DESIGN.md, "Money and the ledger"): the
   * idempotency row and the lookup of the accounts go in one statement, then one guarded update
   * per account (player accounts first, then the house accounts every bet shares, each group in
   * id order: one global order, so concurrent transactions never wait on each other in a cycle),
   * the last of them in one statement with the entries.
   */
  async postWith(tx: Executor, request: PostRequest): Promise<PostResult> {
    assertBalanced(request.postings)
    const refs = request.postings.map((p) => ownerOf(p.account))
    const found = await tx.query<{ transaction_id: bigint; account_id: bigint | null }>(
      `WITH created AS (
         INSERT INTO ledger_transactions (idempotency_key, kind, user_id, metadata)
         VALUES ($1, $2, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
       )
       SELECT created.id AS transaction_id, a.id AS account_id
       FROM created
       CROSS JOIN unnest($5::bigint[], $6::text[], $7::text[]) WITH ORDINALITY AS p (user_id, kind, currency, n)
       LEFT JOIN LATERAL (
         SELECT id FROM ledger_accounts
         WHERE p.user_id IS NOT NULL AND user_id = p.user_id AND kind = p.kind AND currency = p.currency
         UNION ALL
         SELECT id FROM ledger_accounts
         WHERE p.user_id IS NULL AND user_id IS NULL AND kind = p.kind AND currency = p.currency
       ) a ON true
       ORDER BY p.n`,
      [
        request.key,
        request.kind,
        request.userId?.toString() ?? null,
        JSON.stringify(request.metadata ?? {}),
        refs.map((r) => r.owner),
        refs.map((r) => r.kind),
        refs.map((r) => r.currency),
      ],
    )
    if (!found.length) return this.replay(tx, request.key)
    const transactionId = found[0]!.transaction_id

    // Accounts not there yet are opened, in posting order.
    const accounts: bigint[] = []
    for (const [i, row] of found.entries()) {
      accounts.push(row.account_id ?? (await this.accountId(tx, request.postings[i]!.account)))
    }
    const byAccount = new Map<bigint, { amount: bigint; house: boolean }>()
    accounts.forEach((id, i) => {
      const posting = request.postings[i]!
      const sum = byAccount.get(id)
      if (sum) sum.amount += posting.amount
      else byAccount.set(id, { amount: posting.amount, house: 'house' in posting.account })
    })
    const moves = [...byAccount]
      .filter(([, m]) => m.amount !== 0n)
      .sort(([a, ma], [b, mb]) => (ma.house !== mb.house ? (ma.house ? 1 : -1) : a < b ? -1 : a > b ? 1 : 0))
    if (!moves.length) return { transactionId, replayed: false, entries: [] }

    const entries: PostResult['entries'] = []
    for (const [accountId, { amount }] of moves.slice(0, -1)) {
      const [updated] = await tx.query<{ balance: bigint }>(
        `UPDATE ledger_accounts SET balance = balance + $2
         WHERE id = $1 AND (user_id IS NULL OR balance + $2 >= 0) RETURNING balance`,
        [accountId.toString(), amount.toString()],
      )
      if (!updated) throw new InsufficientFundsError()
      entries.push({ accountId, amount, balanceAfter: updated.balance })
    }
    // The last update and the entries (in account id order) in one statement: nothing is
    // inserted when the update is refused.
    const [lastId, { amount: lastAmount }] = moves.at(-1)!
    const ordered = [...entries, { accountId: lastId, amount: lastAmount, balanceAfter: null }].sort(
      (a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0),
    )
    const [last] = await tx.query<{ balance: bigint }>(
      `WITH updated AS (
         UPDATE ledger_accounts SET balance = balance + $2
         WHERE id = $1 AND (user_id IS NULL OR balance + $2 >= 0) RETURNING balance
       ), entries AS (
         INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
         SELECT $3, e.account_id, e.amount, coalesce(e.balance_after, updated.balance)
         FROM unnest($4::bigint[], $5::bigint[], $6::bigint[]) WITH ORDINALITY AS e (account_id, amount, balance_after, n)
         CROSS JOIN updated
         ORDER BY e.n
       )
       SELECT balance FROM updated`,
      [
        lastId.toString(),
        lastAmount.toString(),
        transactionId.toString(),
        ordered.map((e) => e.accountId.toString()),
        ordered.map((e) => e.amount.toString()),
        ordered.map((e) => e.balanceAfter?.toString() ?? null),
      ],
    )
    if (!last) throw new InsufficientFundsError()
    return {
      transactionId,
      replayed: false,
      entries: ordered.map((e) => ({ ...e, balanceAfter: e.balanceAfter ?? last.balance })),
    }
  }

  /** The ledger account behind a reference; house accounts and player accounts are opened on first use. */
  async accountId(tx: Executor, ref: AccountRef): Promise<bigint> {
    const { owner, kind } = ownerOf(ref)
    const conflict =
      owner === null
        ? '(kind, currency) WHERE user_id IS NULL'
        : '(user_id, kind, currency) WHERE user_id IS NOT NULL'
    // Spelt out per owner (not IS NOT DISTINCT FROM) so that the lookups use the partial unique indexes.
    const owned = (param: string) => (owner === null ? 'user_id IS NULL' : `user_id = ${param}`)
    const [row] = await tx.query<{ id: bigint }>(
      `WITH ins AS (
         INSERT INTO ledger_accounts (user_id, kind, currency) VALUES ($1, $2, $3)
         ON CONFLICT ${conflict} DO NOTHING RETURNING id
       )
       SELECT id FROM ins
       UNION ALL
       SELECT id FROM ledger_accounts WHERE ${owned('$1')} AND kind = $2 AND currency = $3
       LIMIT 1`,
      [owner, kind, ref.currency],
    )
    if (row) return row.id
    // Opened by a concurrent transaction after this statement's snapshot: it is visible to the next one.
    const [again] = await tx.query<{ id: bigint }>(
      `SELECT id FROM ledger_accounts WHERE ${owned('$3')} AND kind = $1 AND currency = $2`,
      owner === null ? [kind, ref.currency] : [kind, ref.currency, owner],
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

/** The owner (null for the house), kind and currency of an account reference, as SQL parameters. */
function ownerOf(ref: AccountRef): { owner: string | null; kind: string; currency: string } {
  return 'house' in ref
    ? { owner: null, kind: ref.house, currency: ref.currency }
    : { owner: ref.user.toString(), kind: ref.kind, currency: ref.currency }
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
