import { queryOptions, useQuery } from '@tanstack/react-query'
import { TIMING, type CurrencyInfo } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/currencies: codes and subunits (crypto above 100). */
export const currenciesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'currencies'],
    queryFn: ({ signal }) => http.get<CurrencyInfo[]>('/api/info/currencies', { signal }),
    staleTime: TIMING.startCacheMs,
  })

export function useCurrencies() {
  const { http } = useServices()
  return useQuery(currenciesQuery(http))
}
