import type { RoundDetails } from '@aurum/game-protocol/round-details'
import type { Database } from '../../db/client.ts'
import { GAME_PROVIDER } from '../games/index.ts'
import type { PaymentRow } from '../payments/index.ts'
import { paymentsWhere, type GameHistoryFilter, type PaymentHistoryFilter } from './filters.ts'
import type { RoundFairness } from './round-fairness.ts'

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

/** Rows read per query of an export. */
const CHUNK = 500

/**
 * The account history (docs/responsible-gambling.md "Account history"): the player's game rounds
 * and payments, filtered, newest first, by page or in chunks for the CSV exports.
 *
 * A round's balance after is the ledger's: every game posting is keyed `game:<provider>:<transaction
 * id>` and its player entry holds the balance after it, so the round's transactions (migration 017)
 * lead to the entry of its last posting (bet, win or rollback), whatever else the player did at the
 * same time. A round with no posting (nothing staked) has none.
 */
export class AccountHistory {
  constructor(
    private db: Database,
    private fairness: RoundFairness,
  ) {}

  /** Rounds by page (offset), or after a round id (the exports' keyset). */
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

  /** How many rounds match, counted up to `cap + 1` (enough to tell an export it is cut). */
  async countRounds(userId: bigint, filter: GameHistoryFilter, cap: number): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM (
         SELECT 1 FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${ROUNDS_WHERE} LIMIT $7
       ) x`,
      [...roundParams(userId, filter), cap + 1],
    )
    return Number(row!.n)
  }

  /** The matching rounds, newest first, in chunks, `cap` at most. */
  async *roundChunks(userId: bigint, filter: GameHistoryFilter, cap: number): AsyncGenerator<RoundRow[]> {
    let before: bigint | undefined
    for (let left = cap; left > 0;) {
      const rows = await this.rounds(userId, filter, { limit: Math.min(CHUNK, left), before })
      if (!rows.length) return
      yield rows
      left -= rows.length
      before = rows.at(-1)!.id
    }
  }

  /**
   * The provably fair data of rounds our game server played, asked of it (null when it cannot be
   * reached: the history is served without).
   */
  async fairnessOf(rows: RoundRow[]): Promise<Map<string, RoundDetails> | null> {
    const ours = rows.filter((r) => r.wallet_provider === GAME_PROVIDER).map((r) => r.round_id)
    return ours.length ? this.fairness.of(ours) : new Map<string, RoundDetails>()
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

  async countPayments(userId: bigint, filter: PaymentHistoryFilter, cap?: number): Promise<number> {
    const where = paymentsWhere(userId, filter)
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM (SELECT 1 FROM payments p WHERE ${where.sql} LIMIT $7) x`,
      [...where.params, cap === undefined ? null : cap + 1],
    )
    return Number(row!.n)
  }

  async *paymentChunks(
    userId: bigint,
    filter: PaymentHistoryFilter,
    cap: number,
  ): AsyncGenerator<PaymentRow[]> {
    let before: bigint | undefined
    for (let left = cap; left > 0;) {
      const rows = await this.payments(userId, filter, { limit: Math.min(CHUNK, left), before })
      if (!rows.length) return
      yield rows
      left -= rows.length
      before = rows.at(-1)!.id
    }
  }
}

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
