import type { Executor } from '@aurum/db'

/** What a batch of events adds to one day's totals in one currency. */
export interface DailyTotalsDelta {
  day: string
  currency: string
  bets: bigint
  wins: bigint
  rounds: bigint
  deposits: bigint
  depositCount: number
  withdrawals: bigint
  withdrawalCount: number
  registrations: number
  /** The players active in the batch: those not counted yet on the day add to its active players. */
  players: bigint[]
}

/**
 * The reports' SQL: the daily totals and the players counted active on each day. It holds no
 * handle of its own: the consumer writes in the transaction of the batch it applies.
 */
export class ReportsRepository {
  /**
   * Adds a batch's sums to the day's totals in a currency, and its players to the day's active
   * players, in one statement (a round trip costs more than the rows: docs/performance.md).
   */
  async addDailyTotals(tx: Executor, delta: DailyTotalsDelta): Promise<void> {
    await tx.query(
      `WITH fresh AS (
       INSERT INTO daily_players (day, currency, user_id) SELECT $1, $2, unnest($11::bigint[])
       ON CONFLICT DO NOTHING RETURNING 1
     )
     INSERT INTO daily_totals AS d (day, currency, bets, wins, rounds, deposits, deposit_count, withdrawals,
       withdrawal_count, registrations, active_players)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT count(*) FROM fresh))
     ON CONFLICT (day, currency) DO UPDATE SET
       bets = d.bets + excluded.bets, wins = d.wins + excluded.wins, rounds = d.rounds + excluded.rounds,
       deposits = d.deposits + excluded.deposits, deposit_count = d.deposit_count + excluded.deposit_count,
       withdrawals = d.withdrawals + excluded.withdrawals,
       withdrawal_count = d.withdrawal_count + excluded.withdrawal_count,
       registrations = d.registrations + excluded.registrations,
       active_players = d.active_players + excluded.active_players`,
      [
        delta.day,
        delta.currency,
        delta.bets.toString(),
        delta.wins.toString(),
        delta.rounds.toString(),
        delta.deposits.toString(),
        delta.depositCount,
        delta.withdrawals.toString(),
        delta.withdrawalCount,
        delta.registrations,
        delta.players.map(String),
      ],
    )
  }
}
