import { useTranslation } from '../../../lib/translation.tsx'
import { data, useLoaderData } from 'react-router'
import type { AppServices } from '../../../lib/services.tsx'
import type { GameListFilter } from '../api/games.ts'
import { gamesInfiniteQuery } from '../api/games-infinite.ts'
import { collectionsQuery, providersQuery, type GameProvider } from '../api/lists.ts'
import { GameGrid } from '../components/game-grid.tsx'
import { GameSearch } from '../components/game-search.tsx'
import styles from '../components/games.module.css'

export type ListKind = 'pokies' | 'live' | 'category' | 'producer'

/** What a list page shows: its games and, on a producer page, the studio. */
export interface GameList {
  filter: GameListFilter
  producer?: GameProvider
}

/** The category a list route shows (spec §2): `all` of pokies and live are slots and live games. */
function listCategory(kind: Exclude<ListKind, 'producer'>, slug: string): string {
  if (slug !== 'all' || kind === 'category') return slug
  return kind === 'pokies' ? 'slots' : 'live'
}

/**
 * A list route's games (spec §2): a category by its slug (`/games/{id}` is the link form of
 * `/categories/{id}`), a producer by its slug or by its id from GET /api/games/providers. An
 * unknown one is not found (404), as an unknown page is.
 */
export async function loadGameList(
  { http, queryClient, env }: Pick<AppServices, 'http' | 'queryClient' | 'env'>,
  kind: ListKind,
  slug = 'all',
): Promise<GameList> {
  const list = await findGameList({ http, queryClient, env }, kind, slug)
  // The first page of games comes with the page (rendered on the server, no "Loading" that the
  // grid then pushes the footer away from); a failure leaves the grid to load it in the browser.
  await queryClient.infiniteQuery(gamesInfiniteQuery(http, list.filter)).catch(() => undefined)
  return list
}

async function findGameList(
  { http, queryClient, env }: Pick<AppServices, 'http' | 'queryClient' | 'env'>,
  kind: ListKind,
  slug: string,
): Promise<GameList> {
  if (kind === 'producer') {
    const providers = await queryClient.query(providersQuery(http))
    const producer = providers.find((p) => p.slug === slug || p.id === slug)
    if (!producer) throw data(null, { status: 404 })
    return { filter: { providers: [producer.slug] }, producer }
  }
  const category = listCategory(kind, slug)
  const categories = await queryClient.query(collectionsQuery(http, env.locale))
  if (!categories.some((c) => c.id === category)) throw data(null, { status: 404 })
  return { filter: { categories: [category] } }
}

export function GamesListPage() {
  const { t } = useTranslation()
  const { filter, producer } = useLoaderData<GameList>()
  const category = filter.categories?.[0] ?? ''
  const title = producer
    ? t('games.producer_title', { producer: producer.title })
    : t(`games.categories.${category}`, { defaultValue: category })
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <GameSearch>
        <GameGrid key={producer?.slug ?? category} filter={filter} label={title} />
      </GameSearch>
    </div>
  )
}
