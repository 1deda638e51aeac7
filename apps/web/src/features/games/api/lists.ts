import { queryOptions } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'

/** A studio as GET /api/games/providers answers it: `id` is the catalogue's number, `slug` the URL name. */
export interface GameProvider {
  id: string
  slug: string
  title: string
}

export const PROVIDERS_KEY = ['games', 'providers'] as const

export const providersQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: PROVIDERS_KEY,
    queryFn: ({ signal }) => http.get<GameProvider[]>('/api/games/providers', { signal }),
    staleTime: 600_000,
  })

/** A lobby category as GET /api/games/collections answers it: `id` is its slug, `title` translated. */
export interface GameCollection {
  id: string
  title: string
  games_count: number
}

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
