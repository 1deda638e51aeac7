import type { GameDefinition } from '@aurum/games-math'
import type { Database, Executor } from '../../db/client.ts'
import type { CacheBus } from '../../lib/cache-bus.ts'

/** What the catalogue keeps of a game the game server offers: its definition and reel symbols. */
export type CatalogueEntry = GameDefinition & { icons: string[] }

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

/**
 * Lobby categories in the order of the lobby's category bar; `live` games have no demo. Each is
 * derived from what our games are (categoriesOf), so every one has games in the seeded catalogue.
 */
export const CATEGORIES = [
  { slug: 'top', live: false },
  { slug: 'new', live: false },
  { slug: 'slots', live: false },
  { slug: 'table', live: false },
  { slug: 'roulette', live: false },
  { slug: 'blackjack', live: false },
  { slug: 'live', live: true },
  { slug: 'high-volatility', live: false },
  { slug: 'classic', live: false },
] as const

/** How many of the newest games carry the `new` category and badge. */
const NEW_GAMES = 8
/** How many of the first games carry `top`. */
const TOP_GAMES = 12

/**
 * The categories of a game, derived from what it is: its type, volatility and theme; `top` and
 * `new` by its place in the catalogue (the first and the last games added).
 */
function categoriesOf(entry: CatalogueEntry, index: number, total: number): string[] {
  const categories: string[] = []
  if (index < TOP_GAMES) categories.push('top')
  if (index >= total - NEW_GAMES) categories.push('new')
  if (entry.type === 'slot') categories.push('slots')
  if (entry.type === 'slot' && entry.volatility === 'high') categories.push('high-volatility')
  if (entry.theme === 'fruits' || entry.theme === 'classic_sevens') categories.push('classic')
  if (entry.type === 'roulette' || entry.type === 'blackjack') categories.push('table')
  if (entry.type === 'roulette' || entry.type === 'live_roulette') categories.push('roulette')
  if (entry.type === 'blackjack') categories.push('blackjack')
  if (entry.type === 'live_roulette') categories.push('live')
  return categories
}

/**
 * Brings the catalogue in line with the game server's games: providers, categories, games and a
 * per-currency game id for every currency (and FUN for demos). Idempotent: ids stay stable.
 */
export async function syncCatalogue(
  db: Database,
  entries: CatalogueEntry[],
  providers: Record<string, string>,
  currencies: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    let position = 0
    for (const [slug, title] of Object.entries(providers)) {
      await tx.query(
        `INSERT INTO game_providers (slug, title, position) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO UPDATE SET title = excluded.title, position = excluded.position`,
        [slug, title, position++],
      )
    }
    for (const [i, c] of CATEGORIES.entries()) {
      await tx.query(
        `INSERT INTO game_categories (slug, position, live) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO UPDATE SET position = excluded.position, live = excluded.live`,
        [c.slug, i, c.live],
      )
    }
    for (const [i, entry] of entries.entries()) {
      const categories = categoriesOf(entry, i, entries.length)
      const badges = [
        ...(categories.includes('new') ? ['new'] : []),
        ...(categories.includes('top') ? ['hot'] : []),
      ]
      const [game] = await tx.query<{ id: bigint }>(
        `INSERT INTO games (identifier, seo_title, title, provider, type, theme, categories, has_demo, rtp, volatility,
           lines, ways, hit_rate, max_win_x, min_bet_cents, max_bet_cents, icons, badges, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
         ON CONFLICT (identifier) DO UPDATE SET seo_title = excluded.seo_title, title = excluded.title,
           provider = excluded.provider, type = excluded.type, theme = excluded.theme, categories = excluded.categories,
           has_demo = excluded.has_demo, rtp = excluded.rtp, volatility = excluded.volatility, lines = excluded.lines,
           ways = excluded.ways, hit_rate = excluded.hit_rate, max_win_x = excluded.max_win_x,
           min_bet_cents = excluded.min_bet_cents, max_bet_cents = excluded.max_bet_cents, icons = excluded.icons,
           badges = excluded.badges, position = excluded.position
         RETURNING id`,
        [
          entry.identifier,
          entry.slug,
          entry.title,
          entry.studio,
          entry.type,
          entry.theme,
          categories,
          entry.hasDemo,
          entry.rtp.toFixed(4),
          entry.volatility,
          entry.lines,
          entry.ways,
          entry.hitRate.toFixed(4),
          entry.maxWinX.toFixed(2),
          entry.minBetCents,
          entry.maxBetCents,
          entry.icons,
          badges,
          i,
        ],
      )
      const codes = entry.hasDemo ? [...currencies, 'FUN'] : currencies
      await tx.query(
        `INSERT INTO game_currency_ids (game_id, currency) SELECT $1, unnest($2::text[])
         ON CONFLICT (game_id, currency) DO NOTHING`,
        [game!.id.toString(), codes],
      )
    }
  })
}

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
}

/** Games an operator has not taken out of the catalogue. */
const VISIBLE = 'g.enabled'

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
  return { sql: clauses.join(' AND '), params }
}

export type GameSort = { type: 'position' | 'title' | 'released' | 'rtp'; direction: 'ASC' | 'DESC' }

const ORDER: Record<GameSort['type'], string> = {
  position: 'g.position',
  title: 'g.title',
  released: 'g.released_at',
  rtp: 'g.rtp',
}

/**
 * The games a visitor may see and open. Nothing of it is cached here; the server renders share
 * guests' lobby answers for a few seconds (plugins/ssr.ts), so a change is announced to every node
 * (`catalogue` scope of lib/cache-bus.ts) once it has committed.
 */
export class Catalogue {
  constructor(
    private db: Database,
    private caches: CacheBus,
  ) {}

  /** Takes a game out of the catalogue or puts it back; false when no game has the identifier. */
  async setGameEnabled(identifier: string, enabled: boolean): Promise<boolean> {
    const rows = await this.db.query('UPDATE games SET enabled = $2 WHERE identifier = $1 RETURNING id', [
      identifier,
      enabled,
    ])
    if (rows.length) await this.caches.invalidate({ scope: 'catalogue' })
    return rows.length > 0
  }

  /** The player's groups (empty for guests), for the gating of spec §6. */
  async groupsOf(userId: bigint | undefined): Promise<number[]> {
    if (userId === undefined) return []
    const rows = await this.db.query<{ group_id: number }>(
      'SELECT group_id FROM user_groups WHERE user_id = $1',
      [userId.toString()],
    )
    return rows.map((r) => r.group_id)
  }

  async page(
    filter: GameFilter,
    groups: number[],
    page: number,
    pageSize: number,
    sort: GameSort = { type: 'position', direction: 'ASC' },
  ): Promise<{ games: GameRow[]; total: number }> {
    const { sql, params } = where(filter, groups)
    const [count] = await this.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM games g WHERE ${sql}`,
      params,
    )
    const n = params.length
    const games = await this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM games g WHERE ${sql}
       ORDER BY ${ORDER[sort.type]} ${sort.direction === 'DESC' ? 'DESC' : 'ASC'}, g.id
       LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    )
    return { games, total: Number(count!.n) }
  }

  async select(filter: GameFilter, groups: number[]): Promise<GameRow[]> {
    const { sql, params } = where(filter, groups)
    return this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM games g WHERE ${sql} ORDER BY g.position`,
      params,
    )
  }

  /** A game by its per-currency id (any currency, FUN included). */
  async byCurrencyId(db: Executor, id: number): Promise<{ gameId: bigint; currency: string } | undefined> {
    const [row] = await db.query<{ game_id: bigint; currency: string }>(
      'SELECT game_id, currency FROM game_currency_ids WHERE id = $1',
      [id],
    )
    return row ? { gameId: row.game_id, currency: row.currency } : undefined
  }

  /** The providers with games this player may see (gating of spec §6), in their order. */
  async providers(groups: number[]): Promise<Array<{ slug: string; title: string; id: number }>> {
    return this.db.query(
      `SELECT p.slug, p.title, p.id FROM game_providers p
       WHERE EXISTS (SELECT 1 FROM games g WHERE g.provider = p.slug AND ${VISIBLE}
         AND (cardinality(g.group_ids) = 0 OR g.group_ids && $1::int[]))
       ORDER BY p.position`,
      [groups],
    )
  }

  async categories(groups: number[]): Promise<Array<{ slug: string; games_count: number }>> {
    const rows = await this.db.query<{ slug: string; games_count: bigint }>(
      `SELECT c.slug, count(g.id) AS games_count FROM game_categories c
       LEFT JOIN games g ON c.slug = ANY(g.categories) AND ${VISIBLE} AND (cardinality(g.group_ids) = 0 OR g.group_ids && $1::int[])
       GROUP BY c.slug, c.position ORDER BY c.position`,
      [groups],
    )
    return rows.map((r) => ({ slug: r.slug, games_count: Number(r.games_count) }))
  }

  async favourites(userId: bigint, groups: number[]): Promise<GameRow[]> {
    return this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM favorite_games f JOIN games g ON g.id = f.game_id
       WHERE f.user_id = $1 AND ${VISIBLE} AND (cardinality(g.group_ids) = 0 OR g.group_ids && $2::int[])
       ORDER BY f.created_at DESC`,
      [userId.toString(), groups],
    )
  }

  async setFavourite(userId: bigint, currencyGameId: number, on: boolean): Promise<boolean> {
    const game = await this.byCurrencyId(this.db, currencyGameId)
    if (!game) return false
    await this.db.query(
      on
        ? 'INSERT INTO favorite_games (user_id, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
        : 'DELETE FROM favorite_games WHERE user_id = $1 AND game_id = $2',
      [userId.toString(), game.gameId.toString()],
    )
    return true
  }

  async played(userId: bigint): Promise<Array<{ identifier: string; last_activity_at: Date }>> {
    return this.db.query(
      `SELECT g.identifier, p.last_activity_at FROM played_games p JOIN games g ON g.id = p.game_id
       WHERE p.user_id = $1 ORDER BY p.last_activity_at DESC LIMIT 50`,
      [userId.toString()],
    )
  }
}
