import { queryOptions, useQuery } from '@tanstack/react-query'
import { type CryptoExchangeRates } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'

/** GET /api/info/crypto_exchange_rates: from → to → rate, fee applied. */
export const cryptoRatesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['info', 'crypto-rates'],
    queryFn: ({ signal }) => http.get<CryptoExchangeRates>('/api/info/crypto_exchange_rates', { signal }),
    staleTime: 300_000,
  })

export function useCryptoRates() {
  const { http } = useServices()
  return useQuery(cryptoRatesQuery(http))
}
