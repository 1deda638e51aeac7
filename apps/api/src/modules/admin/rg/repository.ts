import type { RgKind, RgState } from '@aurum/shared/contracts/admin-rg'
import type { Database, Executor } from '../../../db/client.ts'
import type { LimitHistoryRow } from '../players/repository.ts'

export interface RgPlayerFilters {
  kind?: RgKind
  state?: RgState
  q?: string
  includeTest: boolean
  /** Limits that ended before this are not shown. */
  endedSince: Date
  now: Date
}

/** Sorts of the players list (a whitelist: nothing else reaches the query). */
export const PLAYER_SORT_COLUMNS = {
  id: 'u.id',
  email: 'u.email_normalized',
  latest_change: 'p.latest_change',
} as const

export interface RgPlayerListRow {
  id: bigint
  email: string
  country: string | null
  test_account: boolean
  reality_check_minutes: number | null
  latest_change: Date | null
}

export interface RgLimitRow extends LimitHistoryRow {
  user_id: bigint
  state: RgState
}

export interface InteractionRow {
  id: bigint
  kind: string
  text: string
  follow_up_on: string | Date | null
  staff_id: bigint
  staff_label: string
  created_at: Date
}

/** `LIKE` with the text taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A limit's state at `now` (a parameter): ended once removed or over, waiting while a loosening waits. */
const stateSql = (now: string) => `CASE WHEN l.removed_at IS NOT NULL OR l.ends_at <= ${now} THEN 'ended'
  WHEN l.pending IS NOT NULL OR l.pending_removal THEN 'pending_loosening' ELSE 'active' END`
/** When it ended (a removal, or the end of an exclusion); NULL while in force. */
const endedSql = (now: string) =>
  `CASE WHEN l.removed_at IS NOT NULL OR l.ends_at <= ${now} THEN least(l.removed_at, l.ends_at) END`

/** The player search of the screen's `q`: an id (exact) or an e-mail (prefix), both indexed. */
function searchSql(q: string, p: (value: unknown) => string): string {
  const text = q.trim()
  const branches = [`u.email_normalized LIKE ${p(likePrefix(text.toLowerCase()))}`]
  if (/^\d{1,18}$/.test(text)) branches.push(`u.id = ${p(text)}::bigint`)
  return `(${branches.join(' OR ')})`
}

/** The players' rows of the markers report that the search keeps. */
export function playerSearch(q: string | undefined, first: number) {
  const params: unknown[] = []
  const p = (value: unknown) => {
    params.push(value)
    return `$${first + params.length - 1}`
  }
  return { sql: q ? searchSql(q, p) : 'true', params }
}

/**
 * The SQL of the responsible-gambling screen: the players with limits, exclusions or a reality
 * check (user_limits, users), the figures of the markers of harm (payments, game sessions), and
 * the interaction trail (rg_interactions).
 */
export class RgRepository {
  constructor(private db: Database) {}

  /**
   * The players the filters find, as a statement for a page or a count: each player once, with
   * the newest change of the limits that matched.
   */
  private playersStatement(filters: RgPlayerFilters) {
    const params: unknown[] = []
    const p = (value: unknown) => {
      params.push(value)
      return `$${params.length}`
    }
    const withLimits = filters.kind !== 'reality_check'
    const now = withLimits ? `${p(filters.now)}::timestamptz` : ''
    const since = withLimits ? `${p(filters.endedSince)}::timestamptz` : ''
    const limitWhere: string[] = [
      `(l.removed_at IS NULL OR l.removed_at >= ${since})`,
      `((${endedSql(now)}) IS NULL OR (${endedSql(now)}) >= ${since})`,
    ]
    if (filters.kind && filters.kind !== 'reality_check') limitWhere.push(`l.type = ${p(filters.kind)}`)
    if (filters.state === 'active') limitWhere.push(`(${stateSql(now)}) <> 'ended'`)
    else if (filters.state) limitWhere.push(`(${stateSql(now)}) = ${p(filters.state)}`)
    // A reality-check interval chosen is in force as long as it is set: never waiting, never ended.
    const withRealityCheck =
      (filters.kind === undefined || filters.kind === 'reality_check') &&
      (filters.state === undefined || filters.state === 'active')
    const branches: string[] = []
    if (withLimits)
      branches.push(`SELECT l.user_id, greatest(l.created_at, l.requested_at, ${endedSql(now)}) AS changed_at
        FROM user_limits l WHERE ${limitWhere.join(' AND ')}`)
    if (withRealityCheck)
      branches.push(`SELECT u.id AS user_id, NULL::timestamptz AS changed_at FROM users u
        WHERE u.reality_check_minutes IS NOT NULL`)
    const userWhere: string[] = []
    if (!filters.includeTest) userWhere.push('NOT u.test_account')
    if (filters.q) userWhere.push(searchSql(filters.q, p))
    const sql = `WITH picked AS (${branches.join(' UNION ALL ')}),
      p AS (SELECT user_id, max(changed_at) AS latest_change FROM picked GROUP BY user_id)
      SELECT u.id, u.email, u.country, u.test_account, u.reality_check_minutes, p.latest_change
      FROM p JOIN users u ON u.id = p.user_id
      ${userWhere.length ? `WHERE ${userWhere.join(' AND ')}` : ''}`
    return { sql, params }
  }

  async players(
    filters: RgPlayerFilters,
    order: { sort: keyof typeof PLAYER_SORT_COLUMNS; dir: 'asc' | 'desc' },
    page: { limit: number; offset: number },
  ): Promise<RgPlayerListRow[]> {
    const { sql, params } = this.playersStatement(filters)
    const dir = order.dir === 'asc' ? 'ASC' : 'DESC'
    const nulls = order.dir === 'asc' ? 'NULLS FIRST' : 'NULLS LAST'
    return this.db.query<RgPlayerListRow>(
      `${sql} ORDER BY ${PLAYER_SORT_COLUMNS[order.sort]} ${dir} ${nulls}, u.id ${dir}
       LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      params,
    )
  }

  async countPlayers(filters: RgPlayerFilters): Promise<number> {
    const { sql, params } = this.playersStatement(filters)
    const [row] = await this.db.query<{ n: bigint | number }>(
      `SELECT count(*)::int8 AS n FROM (${sql}) x`,
      params,
    )
    return Number(row?.n ?? 0)
  }

  /** The limits of these players not ended before `endedSince` (all of them when null), newest first. */
  async limitsOf(userIds: bigint[], now: Date, endedSince: Date | null): Promise<RgLimitRow[]> {
    if (userIds.length === 0) return []
    return this.db.query<RgLimitRow>(
      `SELECT l.id, l.user_id, l.type, l.period, l.lifetime, l.amounts, l.pending, l.pending_removal, l.ends_at,
         l.created_at, l.removed_at, ${stateSql('$1::timestamptz')} AS state
       FROM user_limits l
       WHERE l.user_id = ANY ($2::bigint[])
         AND ($3::timestamptz IS NULL OR (${endedSql('$1::timestamptz')}) IS NULL OR (${endedSql('$1::timestamptz')}) >= $3)
       ORDER BY l.user_id, l.id DESC`,
      [now, userIds.map(String), endedSince],
    )
  }

  async player(userId: bigint) {
    const [row] = await this.db.query<{
      id: bigint
      email: string
      country: string | null
      test_account: boolean
      blocked_at: Date | null
      reality_check_minutes: number | null
    }>(
      'SELECT id, email, country, test_account, blocked_at, reality_check_minutes FROM users WHERE id = $1',
      [userId.toString()],
    )
    return row
  }

  // ── The markers' figures ────────────────────────────────────────────────────────────────

  /**
   * The players with any activity in the window (a deposit, a game session, a recalled withdrawal),
   * test accounts left out: payments by creation (payments_created), game sessions by start
   * (game_sessions_created; a session is looked for up to a day before the window).
   */
  async activePlayers(
    window: { start: Date; end: Date },
    lookback: Date,
    search: { sql: string; params: unknown[] },
  ) {
    return this.db.query<{ id: bigint; email: string; country: string | null }>(
      `WITH active AS (
         SELECT user_id FROM payments
          WHERE created_at >= $1 AND created_at < $2
            AND ((action = 'deposit' AND state = 'succeeded') OR (action = 'cashout' AND state = 'recalled'))
         UNION
         SELECT user_id FROM game_sessions WHERE created_at >= $3 AND created_at < $2 AND last_seen_at > $1
       )
       SELECT u.id, u.email, u.country FROM active a JOIN users u ON u.id = a.user_id
       WHERE NOT u.test_account AND ${search.sql}`,
      [window.start, window.end, lookback, ...search.params],
    )
  }

  /** Successful deposits per player, UTC day and currency in [start, end). */
  async depositsByDay(userIds: bigint[] | null, start: Date, end: Date) {
    return this.db.query<{
      user_id: bigint
      day: string
      currency: string
      n: bigint | number
      amount: bigint
    }>(
      `SELECT user_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency,
         count(*)::int8 AS n, sum(amount_cents)::int8 AS amount
       FROM payments
       WHERE action = 'deposit' AND state = 'succeeded' AND created_at >= $1 AND created_at < $2
         AND ($3::bigint[] IS NULL OR user_id = ANY ($3::bigint[]))
       GROUP BY 1, 2, 3`,
      [start, end, userIds?.map(String) ?? null],
    )
  }

  /** Successful deposits per player and currency in [start, end), for these players (payments_user_created). */
  async depositTotals(userIds: bigint[], start: Date, end: Date) {
    if (userIds.length === 0) return []
    return this.db.query<{ user_id: bigint; currency: string; n: bigint | number; amount: bigint }>(
      `SELECT user_id, currency, count(*)::int8 AS n, sum(amount_cents)::int8 AS amount
       FROM payments
       WHERE user_id = ANY ($3::bigint[]) AND action = 'deposit' AND state = 'succeeded'
         AND created_at >= $1 AND created_at < $2
       GROUP BY 1, 2`,
      [start, end, userIds.map(String)],
    )
  }

  /**
   * Game sessions from start to last use (their close, if earlier) that started from `lookback` and
   * were used after `start`, before `end`.
   */
  async gameSessions(userIds: bigint[] | null, lookback: Date, start: Date, end: Date) {
    return this.db.query<{ user_id: bigint; created_at: Date; ended_at: Date }>(
      `SELECT user_id, created_at, least(last_seen_at, coalesce(closed_at, last_seen_at)) AS ended_at
       FROM game_sessions
       WHERE created_at >= $1 AND created_at < $3 AND last_seen_at > $2
         AND ($4::bigint[] IS NULL OR user_id = ANY ($4::bigint[]))`,
      [lookback, start, end, userIds?.map(String) ?? null],
    )
  }

  /** Withdrawals recalled by the player, asked for in [start, end), per player. */
  async recalledWithdrawals(userIds: bigint[] | null, start: Date, end: Date) {
    return this.db.query<{ user_id: bigint; n: bigint | number }>(
      `SELECT user_id, count(*)::int8 AS n FROM payments
       WHERE action = 'cashout' AND state = 'recalled' AND created_at >= $1 AND created_at < $2
         AND ($3::bigint[] IS NULL OR user_id = ANY ($3::bigint[]))
       GROUP BY 1`,
      [start, end, userIds?.map(String) ?? null],
    )
  }

  // ── The interaction trail ───────────────────────────────────────────────────────────────

  async interactions(userId: bigint, page: { limit: number; offset: number }): Promise<InteractionRow[]> {
    return this.db.query<InteractionRow>(
      `SELECT id, kind, text, to_char(follow_up_on, 'YYYY-MM-DD') AS follow_up_on, staff_id, staff_label, created_at
       FROM rg_interactions WHERE user_id = $1 ORDER BY id DESC LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      [userId.toString()],
    )
  }

  async countInteractions(userId: bigint): Promise<number> {
    const [row] = await this.db.query<{ n: bigint | number }>(
      'SELECT count(*)::int8 AS n FROM rg_interactions WHERE user_id = $1',
      [userId.toString()],
    )
    return Number(row?.n ?? 0)
  }

  async insertInteraction(
    tx: Executor,
    row: {
      userId: bigint
      staffId: bigint
      staffLabel: string
      kind: string
      text: string
      followUpOn: string | null
      at: Date
    },
  ): Promise<{ id: bigint; created_at: Date }> {
    const [inserted] = await tx.query<{ id: bigint; created_at: Date }>(
      `INSERT INTO rg_interactions (user_id, staff_id, staff_label, kind, text, follow_up_on, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7) RETURNING id, created_at`,
      [
        row.userId.toString(),
        row.staffId.toString(),
        row.staffLabel,
        row.kind,
        row.text,
        row.followUpOn,
        row.at,
      ],
    )
    return inserted!
  }
}
