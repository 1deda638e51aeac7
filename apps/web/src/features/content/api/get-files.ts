import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type CmsFile, type Locale } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/cms/files?l=: banners (category = slider id) and illustrations. */
export const filesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['cms', 'files', locale],
    queryFn: ({ signal }) => http.get<CmsFile[]>('/api/cms/files', { query: { l: locale }, signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useFiles() {
  const { http, env } = useServices()
  return useQuery(filesQuery(http, env.locale))
}
