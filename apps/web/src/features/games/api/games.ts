import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** A game as the catalogue answers it (api-shapes §4.3). */
export interface GameItem {
  identifier: string
  seo_title: string
  slug: string
  title: string
  provider: string
  categories: string[]
  currencies: Record<string, { id: number; jackpot: null }>
  has_demo_mode: boolean
  lines: number | null
  ways: number | null
  volatility_rating: string
  payout: string
  preview: string
  badges: string[]
  rtp: number
  max_win_x: number
  type: string
}

export interface GamePage {
  data: GameItem[]
  pagination: {
    current_page: number
    next_page: number | null
    prev_page: number | null
    total_pages: number
    total_count: number
  }
}

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

const filterBody = (filter: GameListFilter) => ({
  ...(filter.categories ? { categories: { identifiers: filter.categories, strategy: 'OR' } } : {}),
  ...(filter.providers ? { providers: filter.providers } : {}),
  ...(filter.title ? { title: filter.title } : {}),
})

/** POST /api/games_filter, page by page (infinite scroll asks for the next one). */
export const gamesInfiniteQuery = (http: HttpClient, filter: GameListFilter, pageSize = GAMES_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['games', 'filter', filter, pageSize],
    queryFn: ({ pageParam, signal }) =>
      http.post<GamePage>(
        '/api/games_filter',
        { page: pageParam, page_size: pageSize, filter: filterBody(filter) },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next_page ?? undefined,
    staleTime: 60_000,
  })

export function useGames(filter: GameListFilter, pageSize = GAMES_PAGE_SIZE) {
  const { http } = useServices()
  return useInfiniteQuery(gamesInfiniteQuery(http, filter, pageSize))
}

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

/** POST /api/games/launch: the frame's address (demo, or real money with a single-use token). */
export function useLaunch() {
  const { http } = useServices()
  return useMutation({
    mutationFn: (input: { identifier: string; mode: 'real' | 'demo'; currency?: string; locale: string }) =>
      http.post<{ url: string; mode: 'real' | 'demo'; currency: string }>('/api/games/launch', input),
  })
}

const FAVOURITES_KEY = ['player', 'favorite_games'] as const

/** GET /api/player/favorite_games, both versions in parallel (spec §7): the ids and the games. */
export function useFavourites(enabled: boolean) {
  const { http } = useServices()
  const ids = useQuery({
    queryKey: [...FAVOURITES_KEY, 'ids'],
    queryFn: ({ signal }) =>
      http.get<number[]>('/api/player/favorite_games', {
        headers: { 'accept-client': 'application/vnd.s.v1+json' },
        signal,
      }),
    enabled,
  })
  const games = useQuery({
    queryKey: [...FAVOURITES_KEY, 'games'],
    queryFn: ({ signal }) =>
      http.get<GameItem[]>('/api/player/favorite_games', {
        headers: { 'accept-client': 'application/vnd.s.v2+json' },
        signal,
      }),
    enabled,
  })
  return { ids, games }
}

/** PUT or DELETE /api/player/favorite_games/{id} with a per-currency game id; the lists reload. */
export function useToggleFavourite() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      on ? http.put(`/api/player/favorite_games/${id}`) : http.delete(`/api/player/favorite_games/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY }),
  })
}
