import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import type { GameRound } from '@aurum/shared/contracts/history'

export type { GameRound }

/** Rounds per page of the history. */
export const ROUNDS_PER_PAGE = 20

export const GAME_ROUNDS_KEY = ['player', 'history', 'games'] as const

/**
 * GET /api/player/games by pages for "load more": a page shorter than ROUNDS_PER_PAGE is the last
 * (the answer is a bare list, api-shapes §2.1).
 */
export const gameRoundsQuery = (http: HttpClient, query: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: [...GAME_ROUNDS_KEY, query],
    queryFn: ({ pageParam, signal }) =>
      http.get<GameRound[]>('/api/player/games', {
        query: { ...query, page: pageParam, per_page: ROUNDS_PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.length === ROUNDS_PER_PAGE ? page + 1 : undefined),
  })

export function useGameRounds(query: Record<string, string>) {
  const { http } = useServices()
  return useInfiniteQuery(gameRoundsQuery(http, query))
}
