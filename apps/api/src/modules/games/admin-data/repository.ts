import type { SqlDatabase } from '@aurum/db'
import type { Executor } from '../../../db/client.ts'
import { inCountry } from '../repository.ts'

/** A game as the back office reads and changes it. */
export interface AdminGameRow {
  id: bigint
  identifier: string
  title: string
  provider: string
  type: string
  enabled: boolean
  position: number
  categories: string[]
  badges: string[]
  allowed_countries: string[]
  blocked_countries: string[]
  rtp: string
  has_demo: boolean
  released_at: Date | string
  curated: string[]
}

export interface AdminGameFilter {
  provider?: string
  category?: string
  enabled?: boolean
  badge?: string
  country?: string
  q?: string
}

/** The columns the list sorts by (whitelisted: the names are written into the SQL). */
export const ADMIN_GAME_ORDER = {
  position: 'g.position',
  title: 'g.title',
  identifier: 'g.identifier',
  provider: 'g.provider',
  rtp: 'g.rtp',
  released_at: 'g.released_at',
  id: 'g.id',
} as const
export type AdminGameSort = keyof typeof ADMIN_GAME_ORDER

const COLUMNS = `g.id, g.identifier, g.title, g.provider, g.type, g.enabled, g.position, g.categories, g.badges,
  g.allowed_countries, g.blocked_countries, g.rtp::text AS rtp, g.has_demo, g.released_at::text AS released_at, g.curated`

function where(filter: AdminGameFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = []
  const clauses = ['true']
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value)
    clauses.push(sql(`$${params.length}`))
  }
  if (filter.provider) add((n) => `g.provider = ${n}`, filter.provider)
  if (filter.category) add((n) => `${n}::text = ANY(g.categories)`, filter.category)
  if (filter.enabled !== undefined) add((n) => `g.enabled = ${n}`, filter.enabled)
  if (filter.badge) add((n) => `${n}::text = ANY(g.badges)`, filter.badge)
  if (filter.country) add(inCountry, filter.country)
  if (filter.q?.trim()) {
    add(
      (n) => `(g.title ILIKE ${n} OR g.identifier ILIKE ${n})`,
      `%${filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    )
  }
  return { sql: clauses.join(' AND '), params }
}

/** A round as the casino recorded it (the wallet's view), for the back office. */
export interface AdminRoundRow {
  id: bigint
  round_id: string
  wallet_provider: string
  user_id: bigint
  identifier: string
  title: string
  provider: string
  currency: string
  total_bets: bigint
  total_wins: bigint
  status: 'open' | 'closed' | 'rolled_back'
  created_at: Date
  finished_at: Date | null
}

export interface AdminRoundFilter {
  userId?: bigint
  game?: string
  from?: Date
  to?: Date
}

const ROUNDS_WHERE = `($1::bigint IS NULL OR r.user_id = $1) AND ($2::text IS NULL OR g.identifier = $2)
  AND ($3::timestamptz IS NULL OR r.created_at >= $3) AND ($4::timestamptz IS NULL OR r.created_at < $4)`
const roundParams = (f: AdminRoundFilter) => [
  f.userId?.toString() ?? null,
  f.game ?? null,
  f.from ?? null,
  f.to ?? null,
]

/** The back office's reads and writes of the catalogue and of the rounds. */
export class CatalogueAdminRepository {
  constructor(private db: SqlDatabase) {}

  async count(filter: AdminGameFilter): Promise<number> {
    const { sql, params } = where(filter)
    const [row] = await this.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM games g WHERE ${sql}`, params)
    return Number(row!.n)
  }

  async page(
    filter: AdminGameFilter,
    sort: AdminGameSort,
    direction: 'asc' | 'desc',
    limit: number | null,
    offset: number,
  ): Promise<AdminGameRow[]> {
    const { sql, params } = where(filter)
    const n = params.length
    return this.db.query<AdminGameRow>(
      `SELECT ${COLUMNS} FROM games g WHERE ${sql}
       ORDER BY ${ADMIN_GAME_ORDER[sort]} ${direction === 'desc' ? 'DESC' : 'ASC'}, g.id
       LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    )
  }

  async byId(ex: Executor, id: bigint, lock = false): Promise<AdminGameRow | undefined> {
    const [row] = await ex.query<AdminGameRow>(
      `SELECT ${COLUMNS} FROM games g WHERE g.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id.toString()],
    )
    return row
  }

  /** The category slugs of these that do not exist. */
  async unknownCategories(ex: Executor, slugs: string[]): Promise<string[]> {
    const rows = await ex.query<{ slug: string }>(
      `SELECT s AS slug FROM unnest($1::text[]) s WHERE NOT EXISTS (SELECT 1 FROM game_categories c WHERE c.slug = s)`,
      [slugs],
    )
    return rows.map((r) => r.slug)
  }

  /** Closes the game's open sessions (it was taken out); how many. */
  async closeSessions(tx: Executor, gameId: bigint, now: Date): Promise<number> {
    const rows = await tx.query<{ id: string }>(
      'UPDATE game_sessions SET closed_at = $2 WHERE game_id = $1 AND closed_at IS NULL RETURNING id',
      [gameId.toString(), now],
    )
    return rows.length
  }

  async update(
    tx: Executor,
    id: bigint,
    game: Pick<
      AdminGameRow,
      'enabled' | 'position' | 'categories' | 'badges' | 'allowed_countries' | 'blocked_countries' | 'curated'
    >,
  ): Promise<void> {
    await tx.query(
      `UPDATE games SET enabled = $2, position = $3, categories = $4, badges = $5, allowed_countries = $6,
         blocked_countries = $7, curated = $8 WHERE id = $1`,
      [
        id.toString(),
        game.enabled,
        game.position,
        game.categories,
        game.badges,
        game.allowed_countries,
        game.blocked_countries,
        game.curated,
      ],
    )
  }

  async countRounds(filter: AdminRoundFilter): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE ${ROUNDS_WHERE}`,
      roundParams(filter),
    )
    return Number(row!.n)
  }

  async rounds(filter: AdminRoundFilter, limit: number, offset: number): Promise<AdminRoundRow[]> {
    return this.db.query<AdminRoundRow>(
      `SELECT r.id, r.round_id, r.provider AS wallet_provider, r.user_id, g.identifier, g.title, g.provider, r.currency,
              r.total_bets, r.total_wins, r.status, r.created_at, r.finished_at
       FROM game_rounds r JOIN games g ON g.id = r.game_id
       WHERE ${ROUNDS_WHERE}
       ORDER BY r.id DESC LIMIT $5 OFFSET $6`,
      [...roundParams(filter), limit, offset],
    )
  }
}
