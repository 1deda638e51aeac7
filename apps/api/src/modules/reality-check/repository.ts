import type { SqlDatabase } from '@aurum/db'

export interface GameSessionSpan {
  id: string
  game_id: bigint
  currency: string
  created_at: Date
  last_seen_at: Date
  closed_at: Date | null
}

/** The reality check's data: the player's chosen interval, game sessions and round totals. */
export class RealityCheckRepository {
  constructor(private db: SqlDatabase) {}

  /** The player's chosen interval (null: the default); undefined when there is no such player. */
  async intervalOf(userId: bigint): Promise<{ minutes: number | null } | undefined> {
    const [user] = await this.db.query<{ minutes: number | null }>(
      'SELECT reality_check_minutes AS minutes FROM users WHERE id = $1',
      [userId.toString()],
    )
    return user
  }

  async setInterval(userId: bigint, minutes: number): Promise<void> {
    await this.db.query('UPDATE users SET reality_check_minutes = $2 WHERE id = $1', [
      userId.toString(),
      minutes,
    ])
  }

  /**
   * The game sessions started since `since` (index on user and start) and any open one in use
   * since then (partial index of open sessions: a long one started before it still counts), by start.
   */
  async sessionsSince(userId: bigint, since: Date): Promise<GameSessionSpan[]> {
    return this.db.query<GameSessionSpan>(
      `SELECT id, game_id, currency, created_at, last_seen_at, closed_at FROM game_sessions
       WHERE user_id = $1 AND (created_at > $2 OR (closed_at IS NULL AND last_seen_at > $2))
       ORDER BY created_at, id`,
      [userId.toString(), since],
    )
  }

  /**
   * The player's wagers and wins in a currency since a time (an index-only sum: game_rounds_user_time
   * includes currency and totals), with the title of a game.
   */
  async roundTotals(
    userId: bigint,
    since: Date,
    currency: string,
    gameId: bigint,
  ): Promise<{ wagered: bigint; won: bigint; title: string }> {
    const [totals] = await this.db.query<{ wagered: bigint; won: bigint; title: string }>(
      `SELECT coalesce(sum(r.total_bets), 0)::int8 AS wagered, coalesce(sum(r.total_wins), 0)::int8 AS won,
              (SELECT title FROM games WHERE id = $4) AS title
       FROM game_rounds r WHERE r.user_id = $1 AND r.created_at >= $2 AND r.currency = $3`,
      [userId.toString(), since, currency, gameId.toString()],
    )
    return totals!
  }
}
