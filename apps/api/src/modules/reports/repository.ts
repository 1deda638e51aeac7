import type { Executor } from '@aurum/db'

/** A player's deposit that is their first unless they have one already (`first_deposits`). */
export interface FirstDeposit {
  userId: bigint
  paymentId: bigint
  amount: bigint
}

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
  /** Deposits that are first deposits unless their player has one already. */
  firstDeposits: FirstDeposit[]
}

/** What a batch adds to a player's play of a game on a day (the GGR report's rows). */
export interface PlayerGameDelta {
  day: string
  currency: string
  gameId: bigint
  userId: bigint
  bets: bigint
  wins: bigint
  rounds: number
}

/**
 * The reports' SQL: the daily totals and the players counted active on each day. It holds no
 * handle of its own: the consumer writes in the transaction of the batch it applies.
 */
export class ReportsRepository {
  /**
   * Adds a batch's sums to the day's totals in a currency, its players to the day's active
   * players and its first deposits to `first_deposits` (a player who has one is passed over), in
   * one statement (a round trip costs more than the rows: docs/performance.md).
   */
  async addDailyTotals(tx: Executor, delta: DailyTotalsDelta): Promise<void> {
    await tx.query(
      `WITH fresh AS (
       INSERT INTO daily_players (day, currency, user_id) SELECT $1, $2, unnest($11::bigint[])
       ON CONFLICT DO NOTHING RETURNING 1
     ), firsts AS (
       INSERT INTO first_deposits (user_id, payment_id, currency, amount, day)
       SELECT f.user_id, f.payment_id, $2, f.amount, $1
       FROM unnest($12::bigint[], $13::bigint[], $14::bigint[]) AS f (user_id, payment_id, amount)
       ON CONFLICT DO NOTHING RETURNING amount
     )
     INSERT INTO daily_totals AS d (day, currency, bets, wins, rounds, deposits, deposit_count, withdrawals,
       withdrawal_count, registrations, active_players, first_deposits, first_deposit_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, (SELECT count(*) FROM fresh),
       (SELECT coalesce(sum(amount), 0) FROM firsts), (SELECT count(*) FROM firsts))
     ON CONFLICT (day, currency) DO UPDATE SET
       bets = d.bets + excluded.bets, wins = d.wins + excluded.wins, rounds = d.rounds + excluded.rounds,
       deposits = d.deposits + excluded.deposits, deposit_count = d.deposit_count + excluded.deposit_count,
       withdrawals = d.withdrawals + excluded.withdrawals,
       withdrawal_count = d.withdrawal_count + excluded.withdrawal_count,
       registrations = d.registrations + excluded.registrations,
       active_players = d.active_players + excluded.active_players,
       first_deposits = d.first_deposits + excluded.first_deposits,
       first_deposit_count = d.first_deposit_count + excluded.first_deposit_count`,
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
        delta.firstDeposits.map((f) => f.userId.toString()),
        delta.firstDeposits.map((f) => f.paymentId.toString()),
        delta.firstDeposits.map((f) => f.amount.toString()),
      ],
    )
  }

  /** Which of `userIds` are test accounts (one indexed lookup per batch; none asked, no query). */
  async testAccounts(tx: Executor, userIds: bigint[]): Promise<Set<bigint>> {
    if (userIds.length === 0) return new Set()
    const rows = await tx.query<{ id: bigint }>(
      'SELECT id FROM users WHERE id = ANY($1::bigint[]) AND test_account',
      [userIds.map(String)],
    )
    return new Set(rows.map((row) => row.id))
  }

  /** Adds a batch's rounds to `daily_player_games`, one row per day, currency, game and player, in one statement. */
  async addPlayerGames(tx: Executor, rows: PlayerGameDelta[]): Promise<void> {
    await tx.query(
      `INSERT INTO daily_player_games AS d (day, currency, game_id, user_id, bets, wins, rounds)
       SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::int[])
       ON CONFLICT (day, currency, game_id, user_id) DO UPDATE SET
         bets = d.bets + excluded.bets, wins = d.wins + excluded.wins, rounds = d.rounds + excluded.rounds`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.currency),
        rows.map((r) => r.gameId.toString()),
        rows.map((r) => r.userId.toString()),
        rows.map((r) => r.bets.toString()),
        rows.map((r) => r.wins.toString()),
        rows.map((r) => r.rounds),
      ],
    )
  }
}

export interface DailyTotalsRow {
  day: string
  currency: string
  bets: bigint
  wins: bigint
  rounds: bigint
  deposits: bigint
  deposit_count: number
  withdrawals: bigint
  withdrawal_count: number
  registrations: number
  active_players: number
  first_deposits: bigint
  first_deposit_count: number
}

export interface QueueRow {
  currency: string
  count: bigint
  sum: bigint
}

/** A UTC period of whole days, `to` included, as the reports' SQL takes it. */
export interface DayPeriod {
  from: string
  to: string
  currency: string | null
}

export type GgrKey = 'game' | 'provider' | 'country' | 'day' | 'none'

export interface GgrAggregateRow {
  key: string
  title: string | null
  currency: string
  bets: bigint
  wins: bigint
  rounds: bigint
  players: bigint
  total: bigint
}

const GGR_KEYS: Record<GgrKey, { key: string; title: string }> = {
  game: { key: 'g.identifier', title: 'g.title' },
  provider: { key: 'g.provider', title: 'p.title' },
  country: { key: "coalesce(u.country, '--')", title: 'NULL::text' },
  day: { key: "to_char(d.day, 'YYYY-MM-DD')", title: 'NULL::text' },
  none: { key: "''", title: 'NULL::text' },
}

/** The GGR report's sortable columns (a whitelist: the query's `sort` picks one of these). */
export const GGR_ORDER: Record<string, string> = {
  key: 'key',
  bets: 'bets',
  wins: 'wins',
  ggr: 'bets - wins',
  rounds: 'rounds',
  players: 'players',
}

/** The back office's reads: the dashboard's totals and queues, the GGR report, a player's history. */
export class BackOfficeReportsRepository {
  constructor(private readonly db: Executor) {}

  dailyTotals(period: DayPeriod): Promise<DailyTotalsRow[]> {
    return this.db.query<DailyTotalsRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, bets, wins, rounds, deposits, deposit_count,
         withdrawals, withdrawal_count, registrations, active_players, first_deposits, first_deposit_count
       FROM daily_totals
       WHERE day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR currency = $3)
       ORDER BY day, currency`,
      [period.from, period.to, period.currency],
    )
  }

  /** Players who played in the period, each once, per currency. */
  activePlayers(period: DayPeriod): Promise<Array<{ currency: string; players: bigint }>> {
    return this.db.query(
      `SELECT currency, count(DISTINCT user_id) AS players FROM daily_players
       WHERE day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR currency = $3)
       GROUP BY currency`,
      [period.from, period.to, period.currency],
    )
  }

  pendingWithdrawals(currency: string | null): Promise<QueueRow[]> {
    return this.db.query<QueueRow>(
      `SELECT currency, count(*) AS count, sum(amount_cents)::bigint AS sum FROM payments
       WHERE state = 'pending' AND action = 'cashout' AND ($1::text IS NULL OR currency = $1)
       GROUP BY currency ORDER BY currency`,
      [currency],
    )
  }

  /** Payments still `processing` whose answer should have come by `before` (the reconciler's grace). */
  paymentsInFlight(currency: string | null, before: Date): Promise<QueueRow[]> {
    return this.db.query<QueueRow>(
      `SELECT currency, count(*) AS count, sum(amount_cents)::bigint AS sum FROM payments
       WHERE state = 'processing' AND ($1::text IS NULL OR currency = $1)
         AND CASE WHEN action = 'cashout' THEN payout_sent_at ELSE created_at END < $2
       GROUP BY currency ORDER BY currency`,
      [currency, before],
    )
  }

  async documentsWaiting(): Promise<number> {
    const [row] = await this.db.query<{ count: bigint }>(
      `SELECT count(*) AS count FROM player_documents WHERE status = 'not_approved'`,
    )
    return Number(row!.count)
  }

  /**
   * The GGR report from `daily_player_games` (kept by the `daily-totals` consumer from the round
   * events, as the dashboard's totals): per group key and currency, bets, wins and rounds settled
   * and the players who played, over whole UTC days.
   */
  ggr(
    period: DayPeriod,
    group: GgrKey,
    order: { column: string; direction: 'asc' | 'desc' },
    page?: { limit: number; offset: number },
  ): Promise<GgrAggregateRow[]> {
    const { key, title } = GGR_KEYS[group]
    const sortBy = GGR_ORDER[order.column] ?? 'bets - wins'
    const direction = order.direction === 'asc' ? 'ASC' : 'DESC'
    return this.db.query<GgrAggregateRow>(
      `WITH grouped AS (
         SELECT ${key} AS key, min(${title}) AS title, d.currency,
           sum(d.bets)::bigint AS bets, sum(d.wins)::bigint AS wins, sum(d.rounds)::bigint AS rounds,
           count(DISTINCT d.user_id) AS players
         FROM daily_player_games d
         JOIN games g ON g.id = d.game_id
         LEFT JOIN game_providers p ON p.slug = g.provider
         JOIN users u ON u.id = d.user_id
         -- Test accounts have no rows: the consumer leaves them out (daily-totals.ts).
         WHERE d.day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR d.currency = $3)
         GROUP BY 1, d.currency
       )
       SELECT key, title, currency, bets, wins, rounds, players, count(*) OVER () AS total
       FROM grouped
       ORDER BY ${sortBy} ${direction}, key ${direction}, currency
       ${page ? 'LIMIT $4 OFFSET $5' : ''}`,
      [period.from, period.to, period.currency, ...(page ? [page.limit, page.offset] : [])],
    )
  }
}

/** A section of a player's export: its rows are read by keyset on `id`, up to the last id at the start. */
export interface ExportSection {
  name: string
  /** The highest id when the export began (rows written later are not part of it). */
  last(userId: bigint): Promise<bigint>
  page(userId: bigint, after: bigint, last: bigint, limit: number): Promise<Array<Record<string, unknown>>>
}

/** The player's history as the regulator export reads it (docs/backoffice.md "Reports"). */
export class PlayerExportRepository {
  constructor(private readonly db: Executor) {}

  async player(userId: bigint): Promise<Record<string, unknown> | undefined> {
    const [row] = await this.db.query(
      `SELECT id, email, nickname, first_name, last_name, gender, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
         address, city, postal_code, country, mobile_phone, currency, language, verified, confirmed_at,
         terms_accepted_at, registration_ip, registration_country, sign_in_count, last_sign_in_at, created_at
       FROM users WHERE id = $1`,
      [userId.toString()],
    )
    return row
  }

  accounts(userId: bigint): Promise<Array<Record<string, unknown>>> {
    return this.db.query(
      `SELECT a.id, a.kind, a.currency, a.balance, a.created_at
       FROM ledger_accounts a WHERE a.user_id = $1 ORDER BY a.id`,
      [userId.toString()],
    )
  }

  limits(userId: bigint): Promise<Array<Record<string, unknown>>> {
    return this.db.query(
      `SELECT id, type, period, amounts, lifetime, ends_at, anchor, pending, pending_removal, requested_at,
         confirmed_at, created_at, removed_at
       FROM user_limits WHERE user_id = $1 ORDER BY id`,
      [userId.toString()],
    )
  }

  /** Sign-in sessions kept in the database (a Redis session store keeps none: the events tell of them). */
  sessions(userId: bigint): Promise<Array<Record<string, unknown>>> {
    return this.db.query(
      `SELECT number, created_at, last_seen_at, expires_at, ip, user_agent, country, revoked_at
       FROM sessions WHERE user_id = $1 ORDER BY created_at, number`,
      [userId.toString()],
    )
  }

  gameSessions(userId: bigint): Promise<Array<Record<string, unknown>>> {
    return this.db.query(
      `SELECT s.id, g.identifier AS game, s.currency, s.created_at, s.last_seen_at, s.closed_at
       FROM game_sessions s JOIN games g ON g.id = s.game_id
       WHERE s.user_id = $1 ORDER BY s.created_at, s.id`,
      [userId.toString()],
    )
  }

  /** The sections read a page at a time: they grow with play. */
  readonly sections: ExportSection[] = [
    {
      name: 'rounds',
      last: (userId) => this.lastId('SELECT max(id) AS last FROM game_rounds WHERE user_id = $1', userId),
      page: (userId, after, last, limit) =>
        this.db.query(
          `SELECT r.id, r.provider AS integration, r.round_id, g.identifier AS game, g.provider AS studio,
             r.session_id, r.currency, r.total_bets, r.total_wins, r.status, r.created_at, r.finished_at,
             (SELECT coalesce(jsonb_agg(jsonb_build_object('transaction_id', t.transaction_id, 'kind', t.kind,
                'amount', t.amount_cents::text, 'status', t.status, 'reference_id', t.reference_id,
                'ledger_transaction_id', t.ledger_transaction_id::text, 'at', t.created_at) ORDER BY t.created_at, t.transaction_id), '[]')
              FROM game_transactions t WHERE t.provider = r.provider AND t.round_id = r.round_id) AS transactions
           FROM game_rounds r JOIN games g ON g.id = r.game_id
           WHERE r.user_id = $1 AND r.id > $2 AND r.id <= $3 ORDER BY r.id LIMIT $4`,
          [userId.toString(), after.toString(), last.toString(), limit],
        ),
    },
    {
      name: 'ledger_entries',
      last: (userId) =>
        this.lastId(
          `SELECT max(e.id) AS last FROM ledger_entries e
           WHERE e.account_id IN (SELECT id FROM ledger_accounts WHERE user_id = $1)`,
          userId,
        ),
      page: (userId, after, last, limit) =>
        this.db.query(
          `SELECT e.id, e.transaction_id, t.kind, t.idempotency_key AS reference, a.kind AS account, a.currency,
             e.amount, e.balance_after, t.metadata, e.created_at
           FROM ledger_entries e
           JOIN ledger_accounts a ON a.id = e.account_id
           JOIN ledger_transactions t ON t.id = e.transaction_id
           WHERE a.user_id = $1 AND e.id > $2 AND e.id <= $3 ORDER BY e.id LIMIT $4`,
          [userId.toString(), after.toString(), last.toString(), limit],
        ),
    },
    {
      name: 'payments',
      last: (userId) => this.lastId('SELECT max(id) AS last FROM payments WHERE user_id = $1', userId),
      page: (userId, after, last, limit) =>
        this.db.query(
          `SELECT id, action, method_id, provider, provider_reference, currency, amount_cents, fee_cents, state,
             cancellation_reason, details, created_at, finished_at
           FROM payments WHERE user_id = $1 AND id > $2 AND id <= $3 ORDER BY id LIMIT $4`,
          [userId.toString(), after.toString(), last.toString(), limit],
        ),
    },
    {
      // Limits set, changed and reached; sign-ins and sign-outs; registration and verification.
      name: 'history',
      last: (userId) =>
        this.lastId(
          `SELECT max(id) AS last FROM events WHERE user_id = $1 AND type IN (${HISTORY_EVENTS})`,
          userId,
        ),
      page: (userId, after, last, limit) =>
        this.db.query(
          `SELECT id, type, version, payload, created_at FROM events
           WHERE user_id = $1 AND type IN (${HISTORY_EVENTS}) AND id > $2 AND id <= $3 ORDER BY id LIMIT $4`,
          [userId.toString(), after.toString(), last.toString(), limit],
        ),
    },
  ]

  private async lastId(sql: string, userId: bigint): Promise<bigint> {
    const [row] = await this.db.query<{ last: bigint | null }>(sql, [userId.toString()])
    return row?.last ?? 0n
  }
}

/** The events of a player's history in the export (migration 038 indexes them by player). */
const HISTORY_EVENTS = `'player.registered', 'player.confirmed', 'player.verified', 'limit.set', 'limit.reached',
  'session.started', 'session.ended'`
