import type { LimitAmounts, LimitLifetime, LimitPeriod, LimitRecord, LimitType, Locale } from '@aurum/shared'
import type { Database, Executor } from '../../db/client.ts'

/** A row of `user_limits` as the service reads it. */
export interface LimitRow {
  id: bigint
  user_id: bigint
  type: LimitType
  period: LimitPeriod | null
  amounts: LimitAmounts
  lifetime: LimitLifetime | null
  ends_at: Date | null
  anchor: Date
  pending: { period: LimitPeriod; amounts: LimitAmounts } | null
  pending_removal: boolean
  requested_at: Date | null
  confirmed_at: Date | null
  created_at: Date
}

const COLUMNS = `id, user_id, type, period, amounts, lifetime, ends_at, anchor, pending, pending_removal, requested_at,
  confirmed_at, created_at`

/**
 * The SQL of responsible-gambling limits: `user_limits`, and what the limits count (payments,
 * game rounds, game sessions). The methods that must hold the caller's locks take its executor.
 */
export class LimitsRepository {
  constructor(private db: Database) {}

  /** The player's limits not removed, by id; `forUpdate` locks them until the transaction ends. */
  async findLive(db: Executor, userId: bigint, forUpdate: boolean): Promise<LimitRow[]> {
    const lock = forUpdate ? 'FOR UPDATE' : ''
    return db.query<LimitRow>(
      `SELECT ${COLUMNS} FROM user_limits WHERE user_id = $1 AND removed_at IS NULL ORDER BY id ${lock}`,
      [userId.toString()],
    )
  }

  async markRemoved(db: Executor, id: bigint, at: Date): Promise<void> {
    await db.query('UPDATE user_limits SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL', [
      id.toString(),
      at,
    ])
  }

  /**
   * Writes the limit's state; `tokenHash` replaces the confirmation token's hash (null clears it),
   * undefined leaves it.
   */
  async update(
    db: Executor,
    id: bigint,
    limit: LimitRecord,
    tokenHash: string | null | undefined,
  ): Promise<void> {
    await db.query(
      `UPDATE user_limits SET period = $2, amounts = $3, lifetime = $4, ends_at = $5, anchor = $6, pending = $7,
         pending_removal = $8, requested_at = $9, confirmed_at = $10,
         confirm_token_hash = CASE WHEN $11::boolean THEN $12 ELSE confirm_token_hash END
       WHERE id = $1`,
      [
        id.toString(),
        limit.period,
        JSON.stringify(limit.amounts),
        limit.lifetime,
        limit.endsAt,
        limit.anchor,
        limit.pending ? JSON.stringify(limit.pending) : null,
        limit.pendingRemoval,
        limit.requestedAt,
        limit.confirmedAt,
        tokenHash !== undefined,
        tokenHash ?? null,
      ],
    )
  }

  async insert(tx: Executor, userId: bigint, limit: LimitRecord, createdAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO user_limits (user_id, type, period, amounts, lifetime, ends_at, anchor, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [
        userId.toString(),
        limit.type,
        limit.period,
        JSON.stringify(limit.amounts),
        limit.lifetime,
        limit.endsAt,
        createdAt,
      ],
    )
  }

  /** Sum of the deposits in `[start, end)` in a currency, those under way included. */
  async sumDeposits(db: Executor, userId: bigint, currency: string, start: Date, end: Date): Promise<bigint> {
    const [row] = await db.query<{ v: bigint }>(
      `SELECT coalesce(sum(amount_cents), 0)::int8 AS v FROM payments
         WHERE user_id = $1 AND currency = $2 AND action = 'deposit' AND state IN ('processing', 'pending', 'succeeded')
           AND created_at >= $3 AND created_at < $4`,
      [userId.toString(), currency, start, end],
    )
    return row!.v
  }

  /** Sums of the bets and wins of the rounds in `[start, end)` in a currency. */
  async sumRounds(
    db: Executor,
    userId: bigint,
    currency: string,
    start: Date,
    end: Date,
  ): Promise<{ bets: bigint; wins: bigint }> {
    const [row] = await db.query<{ bets: bigint; wins: bigint }>(
      `SELECT coalesce(sum(total_bets), 0)::int8 AS bets, coalesce(sum(total_wins), 0)::int8 AS wins FROM game_rounds
         WHERE user_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
      [userId.toString(), currency, start, end],
    )
    return row!
  }

  /**
   * Seconds of game sessions between `start` and `end`, up to `now`: a session still open and seen
   * within `idle` counts to `now`.
   */
  async playedSeconds(
    db: Executor,
    userId: bigint,
    start: Date,
    end: Date,
    now: Date,
    idle: string,
  ): Promise<number> {
    const [row] = await db.query<{ seconds: number | string | null }>(
      `SELECT coalesce(sum(greatest(0, extract(epoch FROM
           least(CASE WHEN closed_at IS NULL AND last_seen_at > $4::timestamptz - $5::interval THEN $4::timestamptz
                      ELSE least(last_seen_at, coalesce(closed_at, last_seen_at)) END, $3::timestamptz)
           - greatest(created_at, $2::timestamptz)))), 0)::float8 AS seconds
       FROM game_sessions WHERE user_id = $1 AND created_at < $3 AND created_at <= $4 AND last_seen_at > $2`,
      [userId.toString(), start, end, now, idle],
    )
    return Number(row?.seconds ?? 0)
  }

  async closeGameSessions(tx: Executor, userId: bigint, at: Date): Promise<void> {
    await tx.query('UPDATE game_sessions SET closed_at = $2 WHERE user_id = $1 AND closed_at IS NULL', [
      userId.toString(),
      at,
    ])
  }

  async findUser(tx: Executor, userId: bigint): Promise<{ email: string; language: Locale } | undefined> {
    const [user] = await tx.query<{ email: string; language: Locale }>(
      'SELECT email, language FROM users WHERE id = $1',
      [userId.toString()],
    )
    return user
  }

  /** The live limit whose confirmation token has this hash, locked. */
  async lockByTokenHash(tx: Executor, tokenHash: string): Promise<LimitRow | undefined> {
    const [row] = await tx.query<LimitRow>(
      `SELECT ${COLUMNS} FROM user_limits WHERE confirm_token_hash = $1 AND removed_at IS NULL FOR UPDATE`,
      [tokenHash],
    )
    return row
  }

  async markRemovedClearingToken(tx: Executor, id: bigint, at: Date): Promise<void> {
    await tx.query('UPDATE user_limits SET removed_at = $2, confirm_token_hash = NULL WHERE id = $1', [
      id.toString(),
      at,
    ])
  }
}
