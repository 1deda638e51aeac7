import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import type { GameItem } from './games.ts'

const FAVOURITES_KEY = ['player', 'favorite_games'] as const

/** GET /api/player/favorite_games, version 1: the ids. */
export const favouriteIdsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'ids'],
    queryFn: ({ signal }) =>
      http.get<number[]>('/api/player/favorite_games', {
        headers: { 'accept-client': 'application/vnd.s.v1+json' },
        signal,
      }),
  })

/** GET /api/player/favorite_games, version 2: the games. */
export const favouriteGamesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'games'],
    queryFn: ({ signal }) =>
      http.get<GameItem[]>('/api/player/favorite_games', {
        headers: { 'accept-client': 'application/vnd.s.v2+json' },
        signal,
      }),
  })

/** Both versions in parallel (spec §7): the ids and the games. */
export function useFavourites(enabled: boolean) {
  const { http } = useServices()
  const ids = useQuery({ ...favouriteIdsQuery(http), enabled })
  const games = useQuery({ ...favouriteGamesQuery(http), enabled })
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
