import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type Locale, type PageConfig } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/cms/pages?l=: the tree of static pages (routing and footer). Cached for a day (spec §9). */
export const pagesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'pages', locale],
    queryFn: ({ signal }) => http.get<PageConfig[]>('/api/cms/pages', { query: { l: locale }, signal }),
    staleTime: TIMING.startCacheMs,
  })

export function usePages() {
  const { http, env } = useServices()
  return useQuery(pagesQuery(http, env.locale))
}

/** Every static page path in the tree, children included. */
export function flattenPagePaths(pages: PageConfig[]): string[] {
  return pages.flatMap((p) => [p.path, ...flattenPagePaths(p.children)])
}
