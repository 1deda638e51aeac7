import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** The provably fair data of a round, from the game server that played it. */
export interface RoundFairness {
  server_seed_hash: string
  client_seed: string
  nonce: number
  /** Revealed once the player has changed the seed pair in the game; null until then. */
  server_seed: string | null
  verify_url: string
}

/** IUserGameHistoryItem (api-shapes §2.1) with the balance after the round and its fairness data. */
export interface GameRound {
  bet_id: number
  bet_status: 'open' | 'closed' | 'rolled_back'
  created_at: string
  finished_at: string | null
  currency: string
  provider: string
  game: string
  title: string
  total_bets: number
  total_losses: number
  total_wins: number
  round_id: string
  balance_after_cents: number | null
  fairness: RoundFairness | null
}

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
