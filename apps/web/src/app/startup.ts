import type { AppServices } from '../lib/services.tsx'
import { countriesQuery } from '../features/info/api/get-countries.ts'
import { cryptoRatesQuery } from '../features/info/api/get-crypto-exchange-rates.ts'
import { currenciesQuery } from '../features/info/api/get-currencies.ts'
import { serverDataQuery } from '../features/info/api/get-server-data.ts'
import { statusesQuery } from '../features/info/api/get-statuses.ts'
import { loadErrorLabel } from '../lib/logger.ts'
import { HttpError } from '../lib/http/errors.ts'

/**
 * Start-up loads the first render does not need (spec §1), fetched after hydration.
 * Each fails on its own: logged, and the app keeps working.
 */
export function loadDeferredStartup({ http, queryClient, env, logger }: AppServices): void {
  // query() rejects where prefetchQuery would swallow the error, so each failure is logged.
  const loads: Array<[string, () => Promise<unknown>]> = [
    ['currencies', () => queryClient.query(currenciesQuery(http))],
    ['countries', () => queryClient.query(countriesQuery(http, env.locale))],
    ['crypto_exchange_rates', () => queryClient.query(cryptoRatesQuery(http))],
    ['statuses', () => queryClient.query(statusesQuery(http))],
    ['serverdata', () => queryClient.query(serverDataQuery(http))],
  ]
  for (const [name, load] of loads) {
    load().catch((error: unknown) => {
      logger.log('error', loadErrorLabel(error instanceof HttpError ? error.config.url : name), error)
    })
  }
}
