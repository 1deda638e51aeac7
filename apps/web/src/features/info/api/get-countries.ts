import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type Locale, type CountryInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** A country as the app reads it: the select lists show code and name, nothing reads the rest. */
export type CountryItem = Pick<CountryInfo, 'code' | 'name'>

/**
 * GET /api/info/countries: names in the interface language. Kept as `CountryItem`s, in the browser
 * as on the server, so the dehydrated state (a profile page's largest query) carries only those
 * fields and the hydrated cache is the one the server rendered with.
 */
export const countriesQuery = (http: HttpClient, locale: Locale) =>
  queryOptions({
    queryKey: ['info', 'countries', locale],
    queryFn: async ({ signal }): Promise<CountryItem[]> =>
      (await http.get<CountryInfo[]>('/api/info/countries', { query: { l: locale }, signal })).map(
        ({ code, name }) => ({ code, name }),
      ),
    staleTime: TIMING.startCacheMs,
  })

export function useCountries() {
  const { http, env } = useServices()
  return useQuery(countriesQuery(http, env.locale))
}
