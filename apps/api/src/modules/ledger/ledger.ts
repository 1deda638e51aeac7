import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { LedgerRepository, type LedgerPostRow } from './repository.ts'

export type HouseKind =
  | 'house_payments'
  | 'house_withdrawals'
  | 'house_games'
  | 'house_bonuses'
  | 'house_jackpots'
  | 'house_fees'
  | 'house_adjustments'
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

/** House accounts are split into this many shards per kind and currency (migration 009). */
export const HOUSE_SHARDS = 16

/** The house shard a transaction uses: the player's, so different players never share a house row. */
export function houseShard(userId: bigint | undefined): number {
  return userId === undefined ? 0 : Number(userId % BigInt(HOUSE_SHARDS))
}

/**
 * The double-entry ledger (DESIGN.md): every movement is one database transaction with an
 * idempotency row, one guarded single-statement update per account (a player balance never
 * goes below zero) and append-only entries that sum to zero per currency.
 *
 * The posting itself is the database function `ledger_post` (db/functions/ledger_post.sql): one statement, so
 * one round trip, and no lock held across an application round trip (docs/ARCHITECTURE.md).
 */
export class Ledger {
  private repo = new LedgerRepository()

  /** `onBalance`: told of each player wallet a posting moved, once the posting is committed (realtime). */
  constructor(
    private db: Database,
    private onBalance?: (userId: bigint, currency: string) => void,
  ) {}

  /** Tells of a player's wallet that moved, once `tx` commits (for postings made in SQL, e.g. `wallet_move`). */
  balanceMoved(tx: Executor, userId: bigint, currency: string): void {
    const onBalance = this.onBalance
    if (onBalance) tx.afterCommit(() => onBalance(userId, currency))
  }

  /** Posts as its own database transaction: one statement, one round trip. */
  post(request: PostRequest): Promise<PostResult> {
    return this.postWith(this.db, request)
  }

  /** Posts inside the caller's transaction (with the caller's other writes, all or nothing). */
  async postWith(tx: Executor, request: PostRequest): Promise<PostResult> {
    assertBalanced(request.postings)
    const refs = request.postings.map((p) => ownerOf(p.account))
    let rows: LedgerPostRow[]
    try {
      rows = await this.repo.post(
        tx,
        request.key,
        request.kind,
        request.userId?.toString() ?? null,
        JSON.stringify(request.metadata ?? {}),
        refs.map((r) => r.owner),
        refs.map((r) => r.kind),
        refs.map((r) => r.currency),
        request.postings.map((p) => p.amount.toString()),
        houseShard(request.userId),
      )
    } catch (error) {
      if ((error as { code?: string }).code === 'AU001') throw new InsufficientFundsError()
      throw error
    }
    if (!rows[0]!.r_replayed) {
      const moved = new Set<string>()
      for (const p of request.postings) {
        if (!('user' in p.account) || moved.has(p.account.currency)) continue
        moved.add(p.account.currency)
        this.balanceMoved(tx, p.account.user, p.account.currency)
      }
    }
    return {
      transactionId: rows[0]!.r_transaction,
      replayed: rows[0]!.r_replayed,
      entries: rows
        .filter((r) => r.r_account !== null)
        .map((r) => ({ accountId: r.r_account!, amount: r.r_amount!, balanceAfter: r.r_balance! })),
    }
  }

  /**
   * The ledger account behind a reference, opened on first use (a wallet opens its player
   * accounts before any money moves). House references name shard 0 unless told otherwise.
   */
  async accountId(tx: Executor, ref: AccountRef, shard = 0): Promise<bigint> {
    const { owner, kind } = ownerOf(ref)
    const house = owner === null ? shard : 0
    const id = await this.repo.openAccount(tx, owner, kind, ref.currency, house)
    if (id !== undefined) return id
    // Opened by a concurrent transaction after this statement's snapshot: it is visible to the next one.
    const again = await this.repo.findAccount(tx, owner, kind, ref.currency, house)
    if (again === undefined) throw new Error(`ledger account ${kind} ${ref.currency} could not be opened`)
    return again
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
