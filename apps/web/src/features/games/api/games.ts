import { queryOptions, useQuery } from '@tanstack/react-query'
import { deriveShared, type HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import type { GameItem, GamePage } from '@aurum/shared/contracts/games'

export type { GameItem, GamePage }

/**
 * What a lobby tile reads of a game. Lists keep only this (and `ListGame`'s ids): the server's page
 * carries their cache in its initial state, where whole games were half of the main page's state.
 */
export type TileGame = Pick<
  GameItem,
  'identifier' | 'seo_title' | 'provider' | 'title' | 'preview' | 'badges'
>

/** A game of a list with the favourite toggle: the tile and its per-currency ids. */
export type ListGame = TileGame & { currencies: Record<string, { id: number }> }

export const tileGame = ({
  identifier,
  seo_title,
  provider,
  title,
  preview,
  badges,
}: TileGame): TileGame => ({
  identifier,
  seo_title,
  provider,
  title,
  preview,
  badges,
})

export const listGame = (game: ListGame): ListGame => ({
  ...tileGame(game),
  currencies: Object.fromEntries(Object.entries(game.currencies).map(([code, { id }]) => [code, { id }])),
})

export interface GameListFilter {
  categories?: string[]
  providers?: string[]
  title?: string
}

/** The lobby's first row on the main page (spec §2: the lobby is on /). */
export const TOP_GAMES: GameListFilter = { categories: ['top'] }
export const TOP_GAMES_COUNT = 12

/** Spec §9: game lists share one page size. */
export const GAMES_PAGE_SIZE = 24

/**
 * A studio's page (`/producers/{slug}/{page}`, spec §2) holds this many games: the paged lists of
 * the spec are the studios', and a studio of ours has about ten games, so pages of the shared
 * size would never have a second one. Eight fill whole rows on a phone (two columns).
 */
export const PRODUCER_PAGE_SIZE = 8

const tilePage = (page: GamePage): GamePage<TileGame> => ({ ...page, data: page.data.map(tileGame) })
const listPage = (page: GamePage): GamePage<ListGame> => ({ ...page, data: page.data.map(listGame) })

/** An answer's page of games as a list keeps it; once per answer that server renders share. */
export const listGamePage = (page: GamePage) => deriveShared(page, listPage)

export const filterBody = (filter: GameListFilter) => ({
  ...(filter.categories ? { categories: { identifiers: filter.categories, strategy: 'OR' } } : {}),
  ...(filter.providers ? { providers: filter.providers } : {}),
  ...(filter.title ? { title: filter.title } : {}),
})

/** The first page of a list (the main page's lobby row). */
export const gamesFirstPageQuery = (http: HttpClient, filter: GameListFilter, pageSize: number) =>
  queryOptions({
    queryKey: ['games', 'first', filter, pageSize],
    queryFn: async ({ signal }): Promise<GamePage<TileGame>> => {
      const page = await http.post<GamePage>(
        '/api/games_filter',
        { page: 1, page_size: pageSize, filter: filterBody(filter) },
        { signal },
      )
      return deriveShared(page, tilePage)
    },
    staleTime: 60_000,
  })

export const gamesPageKey = (filter: GameListFilter, page: number, pageSize: number) =>
  ['games', 'page', filter, page, pageSize] as const

/** One page of a list (a studio's page of spec §2). */
export const gamesPageQuery = (http: HttpClient, filter: GameListFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: gamesPageKey(filter, page, pageSize),
    queryFn: async ({ signal }): Promise<GamePage<ListGame>> => {
      const answer = await http.post<GamePage>(
        '/api/games_filter',
        { page, page_size: pageSize, filter: filterBody(filter) },
        { signal },
      )
      return listGamePage(answer)
    },
    staleTime: 60_000,
  })

/** The game of the game page, by the name part of /play/{producer}/{name}. */
export const gameBySeoTitleQuery = (http: HttpClient, name: string) =>
  queryOptions({
    queryKey: ['games', 'seo', name],
    queryFn: async ({ signal }) => {
      const found = await http.post<Record<string, GameItem>>(
        '/api/games_filter/select_by_seo_titles',
        { game_seo_titles: [name], without_territorial_restrictions: false },
        { signal },
      )
      return Object.values(found)[0] ?? null
    },
    staleTime: 60_000,
  })

export function useGameBySeoTitle(name: string) {
  const { http } = useServices()
  return useQuery(gameBySeoTitleQuery(http, name))
}
