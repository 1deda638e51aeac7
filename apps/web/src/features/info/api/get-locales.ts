import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type Locale, type LocaleInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/locales: interface languages with their own names. */
export const localesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['info', 'locales', locale],
    queryFn: ({ signal }) => http.get<LocaleInfo[]>('/api/info/locales', { query: { l: locale }, signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useLocales() {
  const { http, env } = useServices()
  return useQuery(localesQuery(http, env.locale))
}
