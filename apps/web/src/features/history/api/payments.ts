import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import type { HttpClient } from '../../../lib/http/client.ts'
import { useServices } from '../../../lib/services.tsx'
import type { PaymentsPage } from '@aurum/shared/contracts/history'

export const PAYMENTS_PER_PAGE = 20

/** Under the cashbox's key (['player', 'payments']): a new payment reloads it too. */
export const PAYMENT_HISTORY_KEY = ['player', 'payments', 'history-pages'] as const

/** POST /api/player/payments/with_pages; more pages exist while page × per_page < total_count (api-shapes §3.1). */
export const paymentsQuery = (http: HttpClient, filter: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: [...PAYMENT_HISTORY_KEY, filter],
    queryFn: ({ pageParam, signal }) =>
      http.post<PaymentsPage>(
        '/api/player/payments/with_pages',
        { page: pageParam, page_size: PAYMENTS_PER_PAGE, filter },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: ({ pagination: p }) => (p.page * p.per_page < p.total_count ? p.page + 1 : undefined),
  })

export function usePaymentHistoryPages(filter: Record<string, string>) {
  const { http } = useServices()
  return useInfiniteQuery(paymentsQuery(http, filter))
}
