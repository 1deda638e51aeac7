import { queryOptions } from '@tanstack/react-query'
import type { GameCollection, GameProvider } from '@aurum/shared/contracts/games'
import type { HttpClient } from '../../../lib/http/client.ts'

export type { GameCollection, GameProvider }

export const PROVIDERS_KEY = ['games', 'providers'] as const

export const providersQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: PROVIDERS_KEY,
    queryFn: ({ signal }) => http.get<GameProvider[]>('/api/games/providers', { signal }),
    staleTime: 600_000,
  })

/** GET /api/games/collections: the lobby's categories (ids are their slugs) for this player. */
export const collectionsQuery = (http: HttpClient, locale: string) =>
  queryOptions({
    queryKey: ['games', 'collections', locale],
    queryFn: ({ signal }) =>
      http.get<GameCollection[]>('/api/games/collections', {
        query: { l: locale },
        signal,
      }),
    staleTime: 600_000,
  })
