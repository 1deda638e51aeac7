import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../../lib/translation.tsx'
import { data, redirect, useLoaderData } from 'react-router'
import type { AppServices } from '../../../lib/services.tsx'
import { useServices } from '../../../lib/services.tsx'
import { gamesPageQuery, PRODUCER_PAGE_SIZE, type GameListFilter } from '../api/games.ts'
import { gamesInfiniteQuery } from '../api/games-infinite.ts'
import { collectionsQuery, providersQuery, type GameProvider } from '../api/lists.ts'
import { useFavouriteControl } from '../components/favourites.ts'
import { FavouriteButton } from '../components/favourite-button.tsx'
import { GameGrid } from '../components/game-grid.tsx'
import { GameSearch } from '../components/game-search.tsx'
import { GameTile } from '../components/game-tile.tsx'
import { LobbyNav } from '../components/lobby-nav.tsx'
import { Pager } from '../components/pager.tsx'
import { ALL_GAMES, listCategory, producerPath, type ListKind } from '../list-routes.ts'
import styles from '../components/games.module.css'

export { gameListSeo } from '../list-seo.ts'

/** What a list page shows: a category's games (`all`: every game) or one page of a studio's. */
export interface GameList {
  filter: GameListFilter
  category?: string
  producer?: GameProvider
  /** A studio's page number (from 1). */
  page?: number
}

/** A page number as the URL writes it: 1 to 99999, no sign, no leading zero. */
const PAGE = /^[1-9]\d{0,4}$/

/**
 * A list route's games (spec §2). A category by its slug (`/games/{id}` is the link form of
 * `/categories/{id}`; `/pokies/all` is every game, `/live/all` the live tables); a studio by its
 * slug, page by page. The studio's id (from GET /api/games/providers) and page 1 written out
 * redirect to the canonical address; a page past the last one to the last one. An unknown category
 * or studio, or one without games for this visitor, is not found (404), as an unknown page is.
 */
export async function loadGameList(
  { http, queryClient, env }: Pick<AppServices, 'http' | 'queryClient' | 'env'>,
  kind: ListKind,
  slug = 'all',
  pageParam?: string,
): Promise<GameList> {
  // The lobby's navigation renders on the server with the list (no shift when it arrives).
  const lists = Promise.all([
    queryClient.query(providersQuery(http)),
    queryClient.query(collectionsQuery(http, env.locale)),
  ])
  if (kind === 'producer') {
    const [providers] = await lists
    const producer = providers.find((p) => p.slug === slug) ?? providers.find((p) => p.id === slug)
    if (!producer || (pageParam !== undefined && !PAGE.test(pageParam))) throw data(null, { status: 404 })
    const page = Number(pageParam ?? 1)
    if (producer.slug !== slug || pageParam === '1') throw redirect(producerPath(producer.slug, page), 301)
    const filter = { providers: [producer.slug] }
    const games = await queryClient.query(gamesPageQuery(http, filter, page, PRODUCER_PAGE_SIZE))
    const last = games.pagination.total_pages
    if (games.pagination.total_count === 0) throw data(null, { status: 404 })
    if (page > last) throw redirect(producerPath(producer.slug, last))
    return { filter, producer, page }
  }
  const category = listCategory(kind, slug)
  const [, categories] = await lists
  if (category !== ALL_GAMES && !categories.some((c) => c.id === category && c.games_count > 0)) {
    throw data(null, { status: 404 })
  }
  const filter = category === ALL_GAMES ? {} : { categories: [category] }
  // The first page renders on the server; a failure leaves it to the browser.
  await queryClient.infiniteQuery(gamesInfiniteQuery(http, filter)).catch(() => undefined)
  return { filter, category }
}

/** One page of a studio's games, with the links to its other pages. */
function ProducerGames({ list, label }: { list: GameList; label: string }) {
  const { t } = useTranslation()
  const { http } = useServices()
  const page = list.page ?? 1
  const games = useQuery(gamesPageQuery(http, list.filter, page, PRODUCER_PAGE_SIZE))
  const favouriteOf = useFavouriteControl()
  if (games.isError) return <p role="alert">{t('games.load_failed')}</p>
  if (games.isPending) return <p role="status">{t('common.loading')}</p>
  const slug = list.producer!.slug
  return (
    <>
      <ul className={`${styles.grid} ${styles.gridPaged}`} aria-label={label}>
        {games.data.data.map((game, i) => (
          <GameTile
            key={game.identifier}
            game={game}
            priority={i < 4}
            action={<FavouriteButton game={game} favourite={favouriteOf(game)} />}
          />
        ))}
      </ul>
      <Pager page={page} pages={games.data.pagination.total_pages} pathOf={(n) => producerPath(slug, n)} />
    </>
  )
}

export function GamesListPage() {
  const { t } = useTranslation()
  const list = useLoaderData<GameList>()
  const { filter, producer, category = '' } = list
  const title = producer
    ? t('games.producer_title', { producer: producer.title })
    : category === ALL_GAMES
      ? t('games.all_games')
      : t(`games.categories.${category}`, { defaultValue: category })
  return (
    <div className={styles.page}>
      <LobbyNav />
      <h1 className={styles.heading}>{title}</h1>
      <GameSearch>
        {producer ? (
          <ProducerGames key={`${producer.slug}/${list.page}`} list={list} label={title} />
        ) : (
          <GameGrid key={category} filter={filter} label={title} />
        )}
      </GameSearch>
    </div>
  )
}
