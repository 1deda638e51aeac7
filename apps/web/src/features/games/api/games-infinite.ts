import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import {
  filterBody,
  GAMES_PAGE_SIZE,
  type GameListFilter,
  type GamePage,
  listGamePage,
  type ListGame,
} from './games.ts'

/** POST /api/games_filter, page by page (infinite scroll asks for the next one). */
export const gamesInfiniteQuery = (http: HttpClient, filter: GameListFilter, pageSize = GAMES_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['games', 'filter', filter, pageSize],
    queryFn: async ({ pageParam, signal }): Promise<GamePage<ListGame>> => {
      const page = await http.post<GamePage>(
        '/api/games_filter',
        { page: pageParam, page_size: pageSize, filter: filterBody(filter) },
        { signal },
      )
      return listGamePage(page)
    },
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next_page ?? undefined,
    staleTime: 60_000,
  })

export function useGames(filter: GameListFilter, pageSize = GAMES_PAGE_SIZE) {
  const { http } = useServices()
  return useInfiniteQuery(gamesInfiniteQuery(http, filter, pageSize))
}
