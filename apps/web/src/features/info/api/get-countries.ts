import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type Locale, type CountryInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/countries: names in the interface language, default currencies. */
export const countriesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['info', 'countries', locale],
    queryFn: ({ signal }) => http.get<CountryInfo[]>('/api/info/countries', { query: { l: locale }, signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useCountries() {
  const { http, env } = useServices()
  return useQuery(countriesQuery(http, env.locale))
}
