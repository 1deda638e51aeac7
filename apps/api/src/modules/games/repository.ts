import type { SqlDatabase } from '@aurum/db'
import type { BalanceAnswer, WalletErrorCode } from '@aurum/game-protocol'
import type { Executor } from '../../db/client.ts'
import { HOUSE_SHARDS } from '../ledger/index.ts'
import { GAME_PROVIDER, NOTABLE_MULTIPLIER, SESSION_IDLE_MS } from './constants.ts'

// ---- Catalogue -------------------------------------------------------------------------------

export interface GameRow {
  id: bigint
  identifier: string
  seo_title: string
  title: string
  provider: string
  type: string
  theme: string
  categories: string[]
  devices: string[]
  has_demo: boolean
  rtp: string
  volatility: string
  lines: number | null
  ways: number | null
  hit_rate: string
  max_win_x: string
  min_bet_cents: bigint
  max_bet_cents: bigint
  badges: string[]
  wager0: boolean
  /** Per-currency game ids, FUN included when the game has a demo. */
  currency_ids: Record<string, number>
}

export const GAME_COLUMNS = `g.id, g.identifier, g.seo_title, g.title, g.provider, g.type, g.theme, g.categories, g.devices,
  g.has_demo, g.rtp::text AS rtp, g.volatility, g.lines, g.ways, g.hit_rate::text AS hit_rate, g.max_win_x::text AS max_win_x,
  g.min_bet_cents, g.max_bet_cents, g.badges, g.wager0,
  (SELECT coalesce(jsonb_object_agg(c.currency, c.id), '{}') FROM game_currency_ids c WHERE c.game_id = g.id) AS currency_ids`

export interface GameFilter {
  device?: 'desktop' | 'mobile'
  categories?: string[]
  providers?: string[]
  title?: string
  volatility?: string[]
  lines?: number
  ways?: number
  identifiers?: string[]
  seoTitles?: string[]
  /**
   * The visitor's country (null: unknown). Given, a game with allowed countries is listed only in
   * them and one blocked there is not (migration 039); left out, countries are not looked at.
   */
  country?: string | null
}

export type GameSort = { type: 'position' | 'title' | 'released' | 'rtp'; direction: 'ASC' | 'DESC' }

/** A game of the catalogue as its sync writes it. */
export interface GameUpsert {
  identifier: string
  seoTitle: string
  title: string
  provider: string
  type: string
  theme: string
  categories: string[]
  hasDemo: boolean
  rtp: string
  volatility: string
  lines: number | null
  ways: number | null
  hitRate: string
  maxWinX: string
  minBetCents: number
  maxBetCents: number
  icons: string[]
  badges: string[]
  position: number
}

/** What a game's preview is drawn from. */
export interface GameArtRow {
  identifier: string
  title: string
  theme: string
  icons: string[]
  type: string
  studio: string
}

/** Games an operator has not taken out of the catalogue. */
const VISIBLE = 'g.enabled'

/**
 * The games a visitor in country `n` (an SQL parameter, null when unknown) may see: none blocked
 * there, and with allowed countries only in one of them (an unknown country is in none).
 */
export const inCountry = (n: string) =>
  `(cardinality(g.allowed_countries) = 0 OR ${n}::text = ANY(g.allowed_countries))
   AND NOT coalesce(${n}::text = ANY(g.blocked_countries), false)`

/** Where-clause and parameters of a filter; games gated by groups only for players in one of them (spec §6). */
function where(filter: GameFilter, groups: number[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [groups]
  const clauses = [`${VISIBLE} AND (cardinality(g.group_ids) = 0 OR g.group_ids && $1::int[])`]
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value)
    clauses.push(sql(`$${params.length}`))
  }
  if (filter.device) add((n) => `${n} = ANY(g.devices)`, filter.device)
  if (filter.categories?.length) add((n) => `g.categories && ${n}::text[]`, filter.categories)
  if (filter.providers?.length) add((n) => `g.provider = ANY(${n}::text[])`, filter.providers)
  if (filter.title?.trim()) {
    add((n) => `g.title ILIKE ${n}`, `%${filter.title.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  }
  if (filter.volatility?.length) add((n) => `g.volatility = ANY(${n}::text[])`, filter.volatility)
  if (filter.lines) add((n) => `g.lines = ${n}`, filter.lines)
  if (filter.ways) add((n) => `g.ways = ${n}`, filter.ways)
  if (filter.identifiers) {
    add((n) => `(g.identifier = ANY(${n}::text[]) OR g.seo_title = ANY(${n}::text[]))`, filter.identifiers)
  }
  if (filter.seoTitles) add((n) => `g.seo_title = ANY(${n}::text[])`, filter.seoTitles)
  if (filter.country !== undefined) add(inCountry, filter.country)
  return { sql: clauses.join(' AND '), params }
}

const ORDER: Record<GameSort['type'], string> = {
  position: 'g.position',
  title: 'g.title',
  released: 'g.released_at',
  rtp: 'g.rtp',
}

// ---- Seamless wallet -------------------------------------------------------------------------

export type WalletAnswer = BalanceAnswer

export interface SessionRow {
  id: string
  user_id: bigint
  game_id: bigint
  currency: string
  closed_at: Date | null
  last_seen_at: Date
}

export interface TransactionRow {
  kind: 'bet' | 'win' | 'rollback'
  user_id: bigint
  round_id: string
  amount_cents: bigint
  status: 'ok' | 'rolled_back' | 'refused'
  answer: WalletAnswer | { error: WalletErrorCode }
}

export interface LaunchRow {
  user_id: bigint
  game_id: bigint
  currency: string
  login_session: string | null
}

export interface MoveInput {
  session_id: string
  transaction_id: string
  round_id: string
  amount_cents: number
}

export interface MoveExtras {
  round_closed?: boolean
  /** A bet's round settled at once: its win, under its own transaction id. */
  win?: { transaction_id: string; amount_cents: number }
}

/** A movement's answer and the session's player (to tell the player's open tabs). */
export interface MoveRow {
  answer: WalletAnswer
  user_id: bigint
}

/** One round's outcome in a group commit: its answer, or the SQLSTATE and message that refused it. */
export interface InstantRoundRow {
  r_index: number
  r_answer: WalletAnswer | null
  r_user: bigint | null
  r_code: string | null
  r_message: string | null
}

// The session's player comes along, to tell the player's open tabs (a replay tells the same balance again).
const INSTANT_ROUND_SQL = `SELECT wallet_instant_round($1, $2, $3, $4, $5, $6, $7, $8, $9::interval, $10, $11) AS answer,
          (SELECT user_id FROM game_sessions WHERE id = $2) AS user_id`
const MOVE_SQL = `SELECT wallet_move($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::interval, $12, $13) AS answer,
          (SELECT user_id FROM game_sessions WHERE id = $2) AS user_id`

// ---- Winners ---------------------------------------------------------------------------------

export interface WinRow {
  finished_at: Date
  total_bets: bigint
  total_wins: bigint
  currency: string
  identifier: string
  seo_title: string
  title: string
  provider: string
  nickname: string | null
  email: string
}

const WINS_SELECT = `SELECT r.finished_at, r.total_bets, r.total_wins, r.currency, g.identifier, g.seo_title, g.title,
    g.provider, u.nickname, u.email
  FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN users u ON u.id = r.user_id`
const NOTABLE = `r.status = 'closed' AND r.total_wins > 0 AND r.total_wins >= ${NOTABLE_MULTIPLIER} * r.total_bets`

/**
 * The games module's data access: the catalogue (games, providers, categories, favourites), the
 * seamless wallet's launches, sessions, provider transactions and rounds, and the wins feed. Every
 * statement of the module, as it was; the services keep the rules and the transactions.
 */
export class GamesRepository {
  constructor(private db: SqlDatabase) {}

  // ---- Catalogue: sync (in the sync's transaction) ----

  async upsertProvider(tx: Executor, slug: string, title: string, position: number): Promise<void> {
    await tx.query(
      `INSERT INTO game_providers (slug, title, position) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO UPDATE SET title = excluded.title, position = excluded.position`,
      [slug, title, position],
    )
  }

  async upsertCategory(tx: Executor, slug: string, position: number, live: boolean): Promise<void> {
    await tx.query(
      `INSERT INTO game_categories (slug, position, live) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO UPDATE SET position = excluded.position, live = excluded.live`,
      [slug, position, live],
    )
  }

  /** Inserts or updates a game by its identifier; its id (stable across syncs). */
  async upsertGame(tx: Executor, game: GameUpsert): Promise<bigint> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO games (identifier, seo_title, title, provider, type, theme, categories, has_demo, rtp, volatility,
           lines, ways, hit_rate, max_win_x, min_bet_cents, max_bet_cents, icons, badges, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
         ON CONFLICT (identifier) DO UPDATE SET seo_title = excluded.seo_title, title = excluded.title,
           provider = excluded.provider, type = excluded.type, theme = excluded.theme,
           has_demo = excluded.has_demo, rtp = excluded.rtp, volatility = excluded.volatility, lines = excluded.lines,
           ways = excluded.ways, hit_rate = excluded.hit_rate, max_win_x = excluded.max_win_x,
           min_bet_cents = excluded.min_bet_cents, max_bet_cents = excluded.max_bet_cents, icons = excluded.icons,
           -- What an operator set in the back office (migration 039) stays as they set it.
           categories = CASE WHEN 'categories' = ANY(games.curated) THEN games.categories ELSE excluded.categories END,
           badges = CASE WHEN 'badges' = ANY(games.curated) THEN games.badges ELSE excluded.badges END,
           position = CASE WHEN 'position' = ANY(games.curated) THEN games.position ELSE excluded.position END
         RETURNING id`,
      [
        game.identifier,
        game.seoTitle,
        game.title,
        game.provider,
        game.type,
        game.theme,
        game.categories,
        game.hasDemo,
        game.rtp,
        game.volatility,
        game.lines,
        game.ways,
        game.hitRate,
        game.maxWinX,
        game.minBetCents,
        game.maxBetCents,
        game.icons,
        game.badges,
        game.position,
      ],
    )
    return row!.id
  }

  /** Gives the game an id in each of these currencies it has none in yet. */
  async insertCurrencyIds(tx: Executor, gameId: bigint, currencies: string[]): Promise<void> {
    await tx.query(
      `INSERT INTO game_currency_ids (game_id, currency) SELECT $1, unnest($2::text[])
         ON CONFLICT (game_id, currency) DO NOTHING`,
      [gameId.toString(), currencies],
    )
  }

  // ---- Catalogue: reads and the player's lists ----

  /** Sets a game's `enabled`; the ids of the games it changed (none: no such identifier). */
  async setGameEnabled(identifier: string, enabled: boolean): Promise<Array<{ id: bigint }>> {
    return this.db.query<{ id: bigint }>('UPDATE games SET enabled = $2 WHERE identifier = $1 RETURNING id', [
      identifier,
      enabled,
    ])
  }

  async groupIdsOf(userId: bigint): Promise<Array<{ group_id: number }>> {
    return this.db.query<{ group_id: number }>('SELECT group_id FROM user_groups WHERE user_id = $1', [
      userId.toString(),
    ])
  }

  async countGames(filter: GameFilter, groups: number[]): Promise<bigint> {
    const { sql, params } = where(filter, groups)
    const [count] = await this.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM games g WHERE ${sql}`,
      params,
    )
    return count!.n
  }

  async pageGames(
    filter: GameFilter,
    groups: number[],
    sort: GameSort,
    limit: number,
    offset: number,
  ): Promise<GameRow[]> {
    const { sql, params } = where(filter, groups)
    const n = params.length
    return this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM games g WHERE ${sql}
       ORDER BY ${ORDER[sort.type]} ${sort.direction === 'DESC' ? 'DESC' : 'ASC'}, g.id
       LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    )
  }

  async selectGames(filter: GameFilter, groups: number[]): Promise<GameRow[]> {
    const { sql, params } = where(filter, groups)
    return this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM games g WHERE ${sql} ORDER BY g.position`,
      params,
    )
  }

  async findCurrencyId(ex: Executor, id: number): Promise<{ game_id: bigint; currency: string } | undefined> {
    const [row] = await ex.query<{ game_id: bigint; currency: string }>(
      'SELECT game_id, currency FROM game_currency_ids WHERE id = $1',
      [id],
    )
    return row
  }

  async visibleProviders(
    groups: number[],
    country: string | null,
  ): Promise<Array<{ slug: string; title: string; id: number }>> {
    return this.db.query(
      `SELECT p.slug, p.title, p.id FROM game_providers p
       WHERE EXISTS (SELECT 1 FROM games g WHERE g.provider = p.slug AND ${VISIBLE}
         AND (cardinality(g.group_ids) = 0 OR g.group_ids && $1::int[]) AND ${inCountry('$2')})
       ORDER BY p.position`,
      [groups, country],
    )
  }

  async categoryCounts(
    groups: number[],
    country: string | null,
  ): Promise<Array<{ slug: string; games_count: bigint }>> {
    return this.db.query<{ slug: string; games_count: bigint }>(
      `SELECT c.slug, count(g.id) AS games_count FROM game_categories c
       LEFT JOIN games g ON c.slug = ANY(g.categories) AND ${VISIBLE} AND (cardinality(g.group_ids) = 0 OR g.group_ids && $1::int[])
         AND ${inCountry('$2')}
       GROUP BY c.slug, c.position ORDER BY c.position`,
      [groups, country],
    )
  }

  async favouriteGames(userId: bigint, groups: number[], country: string | null): Promise<GameRow[]> {
    return this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM favorite_games f JOIN games g ON g.id = f.game_id
       WHERE f.user_id = $1 AND ${VISIBLE} AND (cardinality(g.group_ids) = 0 OR g.group_ids && $2::int[])
         AND ${inCountry('$3')}
       ORDER BY f.created_at DESC`,
      [userId.toString(), groups, country],
    )
  }

  async insertFavourite(userId: bigint, gameId: bigint): Promise<void> {
    await this.db.query(
      'INSERT INTO favorite_games (user_id, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId.toString(), gameId.toString()],
    )
  }

  async deleteFavourite(userId: bigint, gameId: bigint): Promise<void> {
    await this.db.query('DELETE FROM favorite_games WHERE user_id = $1 AND game_id = $2', [
      userId.toString(),
      gameId.toString(),
    ])
  }

  async playedGames(userId: bigint): Promise<Array<{ identifier: string; last_activity_at: Date }>> {
    return this.db.query(
      `SELECT g.identifier, p.last_activity_at FROM played_games p JOIN games g ON g.id = p.game_id
       WHERE p.user_id = $1 ORDER BY p.last_activity_at DESC LIMIT 50`,
      [userId.toString()],
    )
  }

  /** The player's account currency (undefined: no such player). */
  async userCurrency(userId: bigint): Promise<string | undefined> {
    const [row] = await this.db.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [
      userId.toString(),
    ])
    return row?.currency
  }

  /** A game by its studio and seo title, with its studio's title, for its preview. */
  async findGameArt(provider: string, seoTitle: string): Promise<GameArtRow | undefined> {
    const [game] = await this.db.query<GameArtRow>(
      `SELECT g.identifier, g.title, g.theme, g.icons, g.type, p.title AS studio
           FROM games g JOIN game_providers p ON p.slug = g.provider
           WHERE g.provider = $1 AND g.seo_title = $2`,
      [provider, seoTitle],
    )
    return game
  }

  // ---- Seamless wallet ----

  /**
   * The currency of the player's wallet a real-money game plays in: the active one, or the one
   * asked for (undefined: the player has no such wallet).
   */
  async walletCurrency(userId: bigint, currency: string | null): Promise<string | undefined> {
    const [wallet] = await this.db.query<{ currency: string }>(
      `SELECT currency FROM wallets WHERE user_id = $1 AND ($2::text IS NULL AND active OR currency = $2)`,
      [userId.toString(), currency],
    )
    return wallet?.currency
  }

  async insertLaunch(
    tokenHash: Buffer,
    userId: bigint,
    gameId: bigint,
    currency: string,
    expiresAt: Date,
    loginSession: string | null,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO game_launches (token_hash, user_id, game_id, currency, expires_at, login_session)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [tokenHash, userId.toString(), gameId.toString(), currency, expiresAt, loginSession],
    )
  }

  /** Marks an unused, unexpired launch used; the launch, or undefined when none is. */
  async useLaunch(tx: Executor, tokenHash: Buffer, now: Date): Promise<LaunchRow | undefined> {
    const [launch] = await tx.query<LaunchRow>(
      `UPDATE game_launches SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id, game_id, currency, login_session`,
      [tokenHash, now],
    )
    return launch
  }

  async insertSession(tx: Executor, id: string, launch: LaunchRow, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO game_sessions (id, user_id, game_id, currency, created_at, last_seen_at, login_session)
         VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [id, launch.user_id.toString(), launch.game_id.toString(), launch.currency, now, launch.login_session],
    )
  }

  async gameIdentifier(tx: Executor, gameId: bigint): Promise<string | undefined> {
    const [game] = await tx.query<{ identifier: string }>('SELECT identifier FROM games WHERE id = $1', [
      gameId.toString(),
    ])
    return game?.identifier
  }

  async closeSessionsOfUser(userId: bigint, now: Date): Promise<void> {
    await this.db.query('UPDATE game_sessions SET closed_at = $2 WHERE user_id = $1 AND closed_at IS NULL', [
      userId.toString(),
      now,
    ])
  }

  async closeSessionsOfLogin(loginSession: string, now: Date): Promise<void> {
    await this.db.query(
      'UPDATE game_sessions SET closed_at = $2 WHERE login_session = $1 AND closed_at IS NULL',
      [loginSession, now],
    )
  }

  async closeSessionsOfOtherLogins(userId: bigint, except: string | null, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE game_sessions SET closed_at = $3
       WHERE user_id = $1 AND closed_at IS NULL AND login_session IS DISTINCT FROM $2`,
      [userId.toString(), except, now],
    )
  }

  /** Closes an open session, its last call moved up to now. */
  async closeSessionNow(sessionId: string, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE game_sessions SET closed_at = $2, last_seen_at = greatest(last_seen_at, $2)
           WHERE id = $1 AND closed_at IS NULL`,
      [sessionId, now],
    )
  }

  async findSession(ex: Executor, id: string): Promise<SessionRow | undefined> {
    const [row] = await ex.query<SessionRow>(
      'SELECT id, user_id, game_id, currency, closed_at, last_seen_at FROM game_sessions WHERE id = $1',
      [id],
    )
    return row
  }

  async touchSession(tx: Executor, id: string, now: Date): Promise<void> {
    await tx.query('UPDATE game_sessions SET last_seen_at = $2 WHERE id = $1', [id, now])
  }

  /** The player's real-money balance in a currency (0 without an account). */
  async playerBalance(ex: Executor, userId: bigint, currency: string): Promise<bigint | undefined> {
    const [row] = await ex.query<{ balance: bigint }>(
      `SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'player_real' AND currency = $2`,
      [userId.toString(), currency],
    )
    return row?.balance
  }

  /** A bet or a win by the database function `wallet_move`: one statement. */
  walletMove(
    ex: Executor,
    kind: 'bet' | 'win',
    input: MoveInput & MoveExtras,
    amount: bigint,
    now: Date,
    checked: boolean,
  ): Promise<MoveRow[]> {
    return ex.query<MoveRow>(MOVE_SQL, [
      GAME_PROVIDER,
      input.session_id,
      kind,
      input.transaction_id,
      input.round_id,
      amount.toString(),
      input.win?.transaction_id ?? null,
      input.win ? BigInt(input.win.amount_cents).toString() : null,
      !!input.round_closed || !!input.win,
      now,
      `${SESSION_IDLE_MS} milliseconds`,
      HOUSE_SHARDS,
      checked,
    ])
  }

  /** A bet that carries its win (an instant round) by the database function `wallet_instant_round`. */
  walletInstantRound(
    ex: Executor,
    input: MoveInput & MoveExtras,
    amount: bigint,
    now: Date,
    checked: boolean,
  ): Promise<MoveRow[]> {
    return ex.query<MoveRow>(INSTANT_ROUND_SQL, [
      GAME_PROVIDER,
      input.session_id,
      input.transaction_id,
      input.round_id,
      amount.toString(),
      input.win!.transaction_id,
      BigInt(input.win!.amount_cents).toString(),
      now,
      `${SESSION_IDLE_MS} milliseconds`,
      HOUSE_SHARDS,
      checked,
    ])
  }

  /** Instant rounds in one statement (`wallet_instant_rounds`), each in a subtransaction of its own. */
  walletInstantRounds(
    rounds: Array<{ input: MoveInput & MoveExtras; checked: boolean }>,
    now: Date,
  ): Promise<InstantRoundRow[]> {
    return this.db.query<InstantRoundRow>(
      `SELECT * FROM wallet_instant_rounds($1, $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[],
           $7::bigint[], $8::boolean[], $9, $10::interval, $11)`,
      [
        GAME_PROVIDER,
        rounds.map((r) => r.input.session_id),
        rounds.map((r) => r.input.transaction_id),
        rounds.map((r) => r.input.round_id),
        rounds.map((r) => BigInt(r.input.amount_cents).toString()),
        rounds.map((r) => r.input.win!.transaction_id),
        rounds.map((r) => BigInt(r.input.win!.amount_cents).toString()),
        rounds.map((r) => r.checked),
        now,
        `${SESSION_IDLE_MS} milliseconds`,
        HOUSE_SHARDS,
      ],
    )
  }

  /**
   * Claims a provider transaction id (its primary key: a concurrent claim of the same id waits for
   * this one); false when it was taken.
   */
  async claimTransaction(
    tx: Executor,
    transactionId: string,
    kind: 'bet' | 'win' | 'rollback',
    session: SessionRow,
    roundId: string,
    amount: bigint,
    reference: string | null,
  ): Promise<boolean> {
    const [claimed] = await tx.query(
      `INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents, reference_id, status, answer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ok', '{}') ON CONFLICT DO NOTHING RETURNING 1`,
      [
        GAME_PROVIDER,
        transactionId,
        kind,
        roundId,
        session.user_id.toString(),
        session.currency,
        amount.toString(),
        reference,
      ],
    )
    return !!claimed
  }

  /**
   * A refused bet under the bet's id, answering `bet_rolled_back`: the tombstone of a rollback that
   * came first. False when the id was taken (the bet came first).
   */
  async insertRollbackTombstone(
    tx: Executor,
    betTransactionId: string,
    roundId: string,
    session: SessionRow,
  ): Promise<boolean> {
    const tombstone = await tx.query(
      `INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents, status, answer)
         VALUES ($1, $2, 'bet', $3, $4, $5, 0, 'refused', $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [
        GAME_PROVIDER,
        betTransactionId,
        roundId,
        session.user_id.toString(),
        session.currency,
        JSON.stringify({ error: 'bet_rolled_back' }),
      ],
    )
    return tombstone.length > 0
  }

  async findTransaction(ex: Executor, transactionId: string): Promise<TransactionRow | undefined> {
    const [row] = await ex.query<TransactionRow>(
      `SELECT kind, user_id, round_id, amount_cents, status, answer FROM game_transactions
       WHERE provider = $1 AND transaction_id = $2`,
      [GAME_PROVIDER, transactionId],
    )
    return row
  }

  async lockTransaction(tx: Executor, transactionId: string): Promise<TransactionRow | undefined> {
    const [row] = await tx.query<TransactionRow>(
      `SELECT kind, user_id, round_id, amount_cents, status, answer FROM game_transactions
           WHERE provider = $1 AND transaction_id = $2 FOR UPDATE`,
      [GAME_PROVIDER, transactionId],
    )
    return row
  }

  /** The wins paid with a bet in one call, still standing, locked. */
  async lockWinsOfBet(
    tx: Executor,
    betTransactionId: string,
  ): Promise<Array<{ transaction_id: string; amount_cents: bigint }>> {
    return tx.query<{ transaction_id: string; amount_cents: bigint }>(
      `SELECT transaction_id, amount_cents FROM game_transactions
             WHERE provider = $1 AND reference_id = $2 AND kind = 'win' AND status = 'ok' FOR UPDATE`,
      [GAME_PROVIDER, betTransactionId],
    )
  }

  /** Marks a bet and the wins paid with it rolled back. */
  async markBetRolledBack(tx: Executor, betTransactionId: string): Promise<void> {
    await tx.query(
      `UPDATE game_transactions SET status = 'rolled_back'
             WHERE provider = $1 AND (transaction_id = $2 OR (reference_id = $2 AND kind = 'win'))`,
      [GAME_PROVIDER, betTransactionId],
    )
  }

  /** Takes a rolled-back bet and its wins off the round's totals (the round void when nothing is left). */
  async unwindRound(tx: Executor, roundId: string, bet: bigint, won: bigint, now: Date): Promise<void> {
    await tx.query(
      `UPDATE game_rounds SET total_bets = total_bets - $3, total_wins = total_wins - $5,
               status = CASE WHEN total_bets - $3 = 0 AND total_wins - $5 = 0 THEN 'rolled_back' ELSE status END,
               finished_at = coalesce(finished_at, $4)
             WHERE provider = $1 AND round_id = $2`,
      [GAME_PROVIDER, roundId, bet.toString(), now, won.toString()],
    )
  }

  async storeAnswer(tx: Executor, transactionId: string, answer: WalletAnswer): Promise<void> {
    await tx.query(`UPDATE game_transactions SET answer = $3 WHERE provider = $1 AND transaction_id = $2`, [
      GAME_PROVIDER,
      transactionId,
      JSON.stringify(answer),
    ])
  }

  // ---- Winners ----

  async latestWins(limit: number): Promise<WinRow[]> {
    return this.db.query<WinRow>(
      `${WINS_SELECT} WHERE ${NOTABLE} AND r.finished_at IS NOT NULL ORDER BY r.finished_at DESC LIMIT $1`,
      [limit],
    )
  }

  /** The round when it is a notable win. */
  async notableRound(provider: string, roundId: string): Promise<WinRow | undefined> {
    const [row] = await this.db.query<WinRow>(
      `${WINS_SELECT} WHERE r.provider = $1 AND r.round_id = $2 AND ${NOTABLE}`,
      [provider, roundId],
    )
    return row
  }
}
