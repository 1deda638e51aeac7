import type { RoundDetails } from '@aurum/game-protocol/round-details'
import type { Database } from '../../db/client.ts'
import { GAME_PROVIDER } from '../games/index.ts'
import type { PaymentRow } from '../payments/index.ts'
import type { GameHistoryFilter, PaymentHistoryFilter } from './filters.ts'
import { HistoryRepository, type RoundRow } from './repository.ts'
import type { RoundFairness } from './round-fairness.ts'

export type { RoundRow } from './repository.ts'

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
  private repo: HistoryRepository

  constructor(
    db: Database,
    private fairness: RoundFairness,
  ) {
    this.repo = new HistoryRepository(db)
  }

  /** Rounds by page (offset), or after a round id (the exports' keyset). */
  async rounds(
    userId: bigint,
    filter: GameHistoryFilter,
    page: { limit: number; offset?: number; before?: bigint },
  ): Promise<RoundRow[]> {
    return this.repo.rounds(userId, filter, page)
  }

  /** How many rounds match, counted up to `cap + 1` (enough to tell an export it is cut). */
  async countRounds(userId: bigint, filter: GameHistoryFilter, cap: number): Promise<number> {
    return Number(await this.repo.countRounds(userId, filter, cap + 1))
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
    return this.repo.payments(userId, filter, page)
  }

  async countPayments(userId: bigint, filter: PaymentHistoryFilter, cap?: number): Promise<number> {
    return Number(await this.repo.countPayments(userId, filter, cap === undefined ? null : cap + 1))
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
