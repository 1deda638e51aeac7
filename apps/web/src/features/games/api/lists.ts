import { queryOptions } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'

/** A studio as GET /api/games/providers answers it: `id` is the catalogue's number, `slug` the URL name. */
export interface GameProvider {
  id: string
  slug: string
  title: string
}

export const providersQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['games', 'providers'],
    queryFn: ({ signal }) => http.get<GameProvider[]>('/api/games/providers', { signal }),
    staleTime: 600_000,
  })

/** GET /api/games/collections: the lobby's categories (ids are their slugs) for this player. */
export const collectionsQuery = (http: HttpClient, locale: string) =>
  queryOptions({
    queryKey: ['games', 'collections', locale],
    queryFn: ({ signal }) =>
      http.get<Array<{ id: string; title: string; games_count: number }>>('/api/games/collections', {
        query: { l: locale },
        signal,
      }),
    staleTime: 600_000,
  })
