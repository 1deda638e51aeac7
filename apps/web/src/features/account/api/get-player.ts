import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import { useServices } from '../../../lib/services.tsx'
import type { UserInfo } from '@aurum/shared'

export const PLAYER_QUERY_KEY = ['player'] as const

/** GET /api/player: the signed-in player, or null for a guest (401). */
export const playerQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: PLAYER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await http.get<UserInfo>('/api/player', { signal, allowUnauthorized: true })
      } catch (error) {
        if (error instanceof HttpError && error.response?.status === 401) return null
        throw error
      }
    },
    staleTime: 30_000,
  })

export function usePlayer(): UserInfo | null {
  const { http } = useServices()
  return useQuery(playerQuery(http)).data ?? null
}
