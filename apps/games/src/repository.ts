import type { Executor, SqlDatabase } from '@aurum/db'
import type { RouletteBet } from '@aurum/games-math'
import type { GameSession } from './rounds.ts'

/** A round of a player's history (GET /api/rounds): its seeds, the server seed once revealed. */
export interface RoundHistoryRow {
  round_id: string
  game: string
  bet_cents: bigint
  win_cents: bigint
  status: string
  auto_completed: boolean
  balance_after_cents: bigint | null
  created_at: Date
  server_seed_hash: string
  client_seed: string
  nonce: bigint
  server_seed: string | null
}

/** A live table's bet still open: the table round it was placed on and its bets (the hidden state). */
export interface OpenLiveRound {
  round_id: string
  session_id: string
  game: string
  hidden: { table_round: number; bets: RouletteBet[] }
  bet_cents: bigint
  version: number
}

/**
 * The game server's sessions (gs_sessions) and the round reads of its HTTP handlers and live
 * tables; a round's own life is Rounds' (rounds.ts), the seeds fairness.ts'. Each method hands back
 * the query's own promise (no await of its own): a spin's session read costs no more than before.
 */
export class GamesServerRepository {
  constructor(private db: SqlDatabase) {}

  /**
   * The session if seen after `seenAfter`; its last call set to `now` when it was before
   * `touchBefore` (a read most of the time, not a write).
   */
  touchActiveSession(id: string, seenAfter: Date, touchBefore: Date, now: Date): Promise<GameSession[]> {
    return this.db.query<GameSession>(
      `WITH touched AS (
           UPDATE gs_sessions SET last_seen_at = $4
           WHERE id = $1 AND last_seen_at > $2 AND last_seen_at < $3
         )
         SELECT id, mode, player_key, game, currency, wallet_session_id, demo_balance_cents
         FROM gs_sessions WHERE id = $1 AND last_seen_at > $2`,
      [id, seenAfter, touchBefore, now],
    )
  }

  /** A real-money session opened from the casino's launch token (in the caller's transaction). */
  insertRealSession(
    tx: Executor,
    id: string,
    playerKey: string,
    game: string,
    currency: string,
    walletSessionId: string,
    now: Date,
  ): Promise<unknown> {
    return tx.query(
      `INSERT INTO gs_sessions (id, mode, player_key, game, currency, wallet_session_id, created_at, last_seen_at)
             VALUES ($1, 'real', $2, $3, $4, $5, $6, $6)`,
      [id, playerKey, game, currency, walletSessionId, now],
    )
  }

  /** A demo session with its FUN balance (in the caller's transaction). */
  insertDemoSession(
    tx: Executor,
    id: string,
    playerKey: string,
    game: string,
    balanceCents: number,
    now: Date,
  ): Promise<unknown> {
    return tx.query(
      `INSERT INTO gs_sessions (id, mode, player_key, game, currency, demo_balance_cents, created_at, last_seen_at)
           VALUES ($1, 'demo', $2, $3, 'FUN', $4, $5, $5)`,
      [id, playerKey, game, balanceCents, now],
    )
  }

  /** A session by id, whatever its age. */
  findSession(id: string): Promise<GameSession[]> {
    return this.db.query<GameSession>(
      'SELECT id, mode, player_key, game, currency, wallet_session_id, demo_balance_cents FROM gs_sessions WHERE id = $1',
      [id],
    )
  }

  /** The player's latest rounds of one game, newest first. */
  roundHistory(playerKey: string, game: string, limit: number): Promise<RoundHistoryRow[]> {
    return this.db.query<RoundHistoryRow>(
      `SELECT r.round_id, r.game, r.bet_cents, r.win_cents, r.status, r.auto_completed, r.balance_after_cents, r.created_at,
                r.server_seed_hash, r.client_seed, r.nonce,
                CASE WHEN s.revealed_at IS NOT NULL THEN s.seed END AS server_seed
         FROM gs_rounds r LEFT JOIN gs_server_seeds s ON s.hash = r.server_seed_hash
         WHERE r.player_key = $1 AND r.game = $2 ORDER BY r.id DESC LIMIT $3`,
      [playerKey, game, limit],
    )
  }

  /** The open rounds of these games (the live tables'), oldest first, 200 at most. */
  openLiveRounds(games: string[]): Promise<OpenLiveRound[]> {
    return this.db.query<OpenLiveRound>(
      `SELECT round_id, session_id, game, hidden, bet_cents, version FROM gs_rounds
       WHERE status = 'open' AND game = ANY($1::text[]) ORDER BY id LIMIT 200`,
      [games],
    )
  }
}
