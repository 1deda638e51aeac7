import type { SqlDatabase } from '@aurum/db'
import type { PaymentRow } from '../payments/index.ts'
import type { GameHistoryFilter, PaymentHistoryFilter } from './filters.ts'

/** A round of the games history, with the balance its last posting left. */
export interface RoundRow {
  id: bigint
  round_id: string
  /** Who ran the round (the wallet's provider: our game server). */
  wallet_provider: string
  status: 'open' | 'closed' | 'rolled_back'
  created_at: Date
  finished_at: Date | null
  currency: string
  /** The game's studio (IUserGameHistoryItem.provider). */
  provider: string
  identifier: string
  title: string
  total_bets: bigint
  total_wins: bigint
  balance_after: bigint | null
}

/** PaymentRow's columns. */
const PAYMENT_COLUMNS = `p.id, p.user_id, p.action, p.method_id, p.currency, p.amount_cents, p.fee_cents, p.state,
  p.recallable, p.provider, p.provider_reference, p.redirect_url, p.cancellation_reason, p.details, p.created_at,
  p.finished_at`

/** The player's rounds matching a filter ($1–$6; `r` the round, `g` its game). */
const ROUNDS_WHERE = `r.user_id = $1 AND ($2::text IS NULL OR r.currency = $2)
  AND ($3::timestamptz IS NULL OR r.created_at >= $3) AND ($4::timestamptz IS NULL OR r.created_at < $4)
  AND ($5::text IS NULL OR g.identifier = $5) AND ($6::bigint IS NULL OR r.id < $6)`

const roundParams = (userId: bigint, filter: GameHistoryFilter, before?: bigint): unknown[] => [
  userId.toString(),
  filter.currency ?? null,
  filter.from ?? null,
  filter.to ?? null,
  filter.game ?? null,
  before?.toString() ?? null,
]

/**
 * The payments of a player matching a filter, as SQL (the table aliased `p`) with its parameters
 * after `first - 1` others. Newest first is `ORDER BY p.id DESC` (the payments_user index).
 */
function paymentsWhere(userId: bigint, filter: PaymentHistoryFilter, first = 1) {
  const n = (i: number) => `$${first + i}`
  return {
    sql: `p.user_id = ${n(0)} AND (${n(1)}::text IS NULL OR p.currency = ${n(1)})
      AND (${n(2)}::text IS NULL OR p.action = ${n(2)}) AND (${n(3)}::text[] IS NULL OR p.state = ANY(${n(3)}::text[]))
      AND (${n(4)}::timestamptz IS NULL OR p.created_at >= ${n(4)}) AND (${n(5)}::timestamptz IS NULL OR p.created_at < ${n(5)})`,
    params: [
      userId.toString(),
      filter.currency ?? null,
      filter.type ?? null,
      filter.states ?? null,
      filter.from ?? null,
      filter.to ?? null,
    ] as unknown[],
  }
}

/**
 * The account history's reads: the player's game rounds (with the balance their last posting left)
 * and payments, filtered, newest first, by page (offset) or after an id (the exports' keyset).
 */
export class HistoryRepository {
  constructor(private db: SqlDatabase) {}

  async rounds(
    userId: bigint,
    filter: GameHistoryFilter,
    page: { limit: number; offset?: number; before?: bigint },
  ): Promise<RoundRow[]> {
    // The page first, then the balance of each of its rounds only (never of every matching round).
    return this.db.query<RoundRow>(
      `SELECT p.id, p.round_id, p.wallet_provider, p.status, p.created_at, p.finished_at, p.currency, p.provider,
              p.identifier, p.title, p.total_bets, p.total_wins, b.balance_after
       FROM (
         SELECT r.id, r.round_id, r.provider AS wallet_provider, r.user_id, r.status, r.created_at, r.finished_at,
                r.currency, g.provider, g.identifier, g.title, r.total_bets, r.total_wins
         FROM game_rounds r JOIN games g ON g.id = r.game_id
         WHERE ${ROUNDS_WHERE}
         ORDER BY r.id DESC LIMIT $7 OFFSET $8
       ) p
       LEFT JOIN LATERAL (
         SELECT e.balance_after
         FROM game_transactions gt
         JOIN ledger_transactions lt ON lt.idempotency_key = 'game:' || gt.provider || ':' || gt.transaction_id
         JOIN ledger_entries e ON e.transaction_id = lt.id
         JOIN ledger_accounts a ON a.id = e.account_id AND a.user_id = p.user_id AND a.kind = 'player_real'
         WHERE gt.provider = p.wallet_provider AND gt.round_id = p.round_id
         ORDER BY e.id DESC LIMIT 1
       ) b ON true
       ORDER BY p.id DESC`,
      [...roundParams(userId, filter, page.before), page.limit, page.offset ?? 0],
    )
  }

  /** How many rounds match, counted up to `limit`. */
  async countRounds(userId: bigint, filter: GameHistoryFilter, limit: number): Promise<bigint> {
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM (
         SELECT 1 FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${ROUNDS_WHERE} LIMIT $7
       ) x`,
      [...roundParams(userId, filter), limit],
    )
    return row!.n
  }

  async payments(
    userId: bigint,
    filter: PaymentHistoryFilter,
    page: { limit: number; offset?: number; before?: bigint },
  ): Promise<PaymentRow[]> {
    const where = paymentsWhere(userId, filter)
    return this.db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments p
       WHERE ${where.sql} AND ($7::bigint IS NULL OR p.id < $7)
       ORDER BY p.id DESC LIMIT $8 OFFSET $9`,
      [...where.params, page.before?.toString() ?? null, page.limit, page.offset ?? 0],
    )
  }

  /** How many payments match, counted up to `limit` (null: all). */
  async countPayments(userId: bigint, filter: PaymentHistoryFilter, limit: number | null): Promise<bigint> {
    const where = paymentsWhere(userId, filter)
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM (SELECT 1 FROM payments p WHERE ${where.sql} LIMIT $7) x`,
      [...where.params, limit],
    )
    return row!.n
  }
}
