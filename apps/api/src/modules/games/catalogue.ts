import type { GameDefinition } from '@aurum/games-math'
import type { Database, Executor } from '../../db/client.ts'
import type { CacheBus } from '../../lib/cache-bus.ts'
import {
  GamesRepository,
  type GameArtRow,
  type GameFilter,
  type GameRow,
  type GameSort,
} from './repository.ts'

export type { GameFilter, GameRow, GameSort } from './repository.ts'

/** What the catalogue keeps of a game the game server offers: its definition and reel symbols. */
export type CatalogueEntry = GameDefinition & { icons: string[] }

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
  const repo = new GamesRepository(db)
  await db.transaction(async (tx) => {
    let position = 0
    for (const [slug, title] of Object.entries(providers)) {
      await repo.upsertProvider(tx, slug, title, position++)
    }
    for (const [i, c] of CATEGORIES.entries()) {
      await repo.upsertCategory(tx, c.slug, i, c.live)
    }
    for (const [i, entry] of entries.entries()) {
      const categories = categoriesOf(entry, i, entries.length)
      const badges = [
        ...(categories.includes('new') ? ['new'] : []),
        ...(categories.includes('top') ? ['hot'] : []),
      ]
      const gameId = await repo.upsertGame(tx, {
        identifier: entry.identifier,
        seoTitle: entry.slug,
        title: entry.title,
        provider: entry.studio,
        type: entry.type,
        theme: entry.theme,
        categories,
        hasDemo: entry.hasDemo,
        rtp: entry.rtp.toFixed(4),
        volatility: entry.volatility,
        lines: entry.lines,
        ways: entry.ways,
        hitRate: entry.hitRate.toFixed(4),
        maxWinX: entry.maxWinX.toFixed(2),
        minBetCents: entry.minBetCents,
        maxBetCents: entry.maxBetCents,
        icons: entry.icons,
        badges,
        position: i,
      })
      const codes = entry.hasDemo ? [...currencies, 'FUN'] : currencies
      await repo.insertCurrencyIds(tx, gameId, codes)
    }
  })
}

/**
 * The games a visitor may see and open. Nothing of it is cached here; the server renders share
 * guests' lobby answers for a few seconds (plugins/ssr.ts), so a change is announced to every node
 * (`catalogue` scope of lib/cache-bus.ts) once it has committed.
 */
export class Catalogue {
  private repo: GamesRepository

  constructor(
    private db: Database,
    private caches: CacheBus,
  ) {
    this.repo = new GamesRepository(db)
  }

  /** Takes a game out of the catalogue or puts it back; false when no game has the identifier. */
  async setGameEnabled(identifier: string, enabled: boolean): Promise<boolean> {
    const rows = await this.repo.setGameEnabled(identifier, enabled)
    if (rows.length) await this.caches.invalidate({ scope: 'catalogue' })
    return rows.length > 0
  }

  /** The player's groups (empty for guests), for the gating of spec §6. */
  async groupsOf(userId: bigint | undefined): Promise<number[]> {
    if (userId === undefined) return []
    const rows = await this.repo.groupIdsOf(userId)
    return rows.map((r) => r.group_id)
  }

  async page(
    filter: GameFilter,
    groups: number[],
    page: number,
    pageSize: number,
    sort: GameSort = { type: 'position', direction: 'ASC' },
  ): Promise<{ games: GameRow[]; total: number }> {
    const count = await this.repo.countGames(filter, groups)
    const games = await this.repo.pageGames(filter, groups, sort, pageSize, (page - 1) * pageSize)
    return { games, total: Number(count) }
  }

  async select(filter: GameFilter, groups: number[]): Promise<GameRow[]> {
    return this.repo.selectGames(filter, groups)
  }

  /** A game by its per-currency id (any currency, FUN included). */
  async byCurrencyId(db: Executor, id: number): Promise<{ gameId: bigint; currency: string } | undefined> {
    const row = await this.repo.findCurrencyId(db, id)
    return row ? { gameId: row.game_id, currency: row.currency } : undefined
  }

  /** The providers with games this player may see (gating of spec §6, country), in their order. */
  async providers(
    groups: number[],
    country: string | null,
  ): Promise<Array<{ slug: string; title: string; id: number }>> {
    return this.repo.visibleProviders(groups, country)
  }

  async categories(
    groups: number[],
    country: string | null,
  ): Promise<Array<{ slug: string; games_count: number }>> {
    const rows = await this.repo.categoryCounts(groups, country)
    return rows.map((r) => ({ slug: r.slug, games_count: Number(r.games_count) }))
  }

  async favourites(userId: bigint, groups: number[], country: string | null): Promise<GameRow[]> {
    return this.repo.favouriteGames(userId, groups, country)
  }

  /** The player's account currency (the per-currency ids of the first favourites shape are in it). */
  async playerCurrency(userId: bigint): Promise<string | undefined> {
    return this.repo.userCurrency(userId)
  }

  async setFavourite(userId: bigint, currencyGameId: number, on: boolean): Promise<boolean> {
    const game = await this.byCurrencyId(this.db, currencyGameId)
    if (!game) return false
    if (on) await this.repo.insertFavourite(userId, game.gameId)
    else await this.repo.deleteFavourite(userId, game.gameId)
    return true
  }

  async played(userId: bigint): Promise<Array<{ identifier: string; last_activity_at: Date }>> {
    return this.repo.playedGames(userId)
  }

  /** What a game's preview is drawn from, by its studio and seo title. */
  async art(provider: string, seoTitle: string): Promise<GameArtRow | undefined> {
    return this.repo.findGameArt(provider, seoTitle)
  }
}
