import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useServices } from '../../../lib/services.tsx'
import { ACCOUNTS_QUERY_KEY } from '../../wallet/api/accounts.ts'
import { createPaymentsLib, type PaymentsLib } from '../payments-lib/payments-lib.ts'
import type { PaymentAction, PaymentsMethod, PlayerPayment } from '../payments-lib/types.ts'
import { PAYMENTS_KEY } from './payments-key.ts'

export { PAYMENTS_KEY }

const libs = new WeakMap<object, PaymentsLib>()

/** One payments library per app (it caches method lists). */
export function usePaymentsLib(): PaymentsLib {
  const { http } = useServices()
  let lib = libs.get(http)
  if (!lib) {
    lib = createPaymentsLib(http)
    libs.set(http, lib)
  }
  return lib
}

export function usePaymentsConfig() {
  const lib = usePaymentsLib()
  return useQuery({ queryKey: [...PAYMENTS_KEY, 'config'], queryFn: () => lib.config(), staleTime: 60_000 })
}

export function useMethods(currency: string | undefined, action: PaymentAction) {
  const lib = usePaymentsLib()
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'methods', currency, action],
    queryFn: () => lib.getMethods({ currency: currency!, paymentAction: action }),
    enabled: !!currency,
  })
}

export function useMethodFields(
  id: string | undefined,
  currency: string | undefined,
  action: PaymentAction,
  savedProfileId: string | undefined,
) {
  const lib = usePaymentsLib()
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'fields', id, currency, action, savedProfileId],
    queryFn: () =>
      lib.getMethodFields({ id: id!, currency: currency!, paymentAction: action, savedProfileId }),
    enabled: !!id && !!currency,
  })
}

/** GET /api/player/payments: the history, newest first. */
export function usePaymentHistory() {
  const { http } = useServices()
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'history'],
    queryFn: ({ signal }) => http.get<PlayerPayment[]>('/api/player/payments', { signal }),
  })
}

export function useCryptoAddresses(enabled: boolean) {
  const { http } = useServices()
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'crypto-addresses'],
    queryFn: ({ signal }) => http.get<Record<string, string>>('/api/player/crypto_addresses', { signal }),
    enabled,
  })
}

/** After any money movement: balances and history load again. */
export function useAfterMoneyMovement() {
  const queryClient = useQueryClient()
  const lib = usePaymentsLib()
  return () => {
    lib.resetCache()
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY })
    void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY })
  }
}

/** POST /api/player/payments/{id}/recall: a pending withdrawal goes back to the balance. */
export function useRecall() {
  const { http } = useServices()
  const after = useAfterMoneyMovement()
  return useMutation({
    mutationFn: (id: number) => http.post<PlayerPayment>(`/api/player/payments/${id}/recall`),
    onSuccess: after,
  })
}

/** POST /api/users/transaction: the fraud-check payload after a card payment (spec §7); a failure is logged. */
export function useReportTransaction() {
  const { http, logger } = useServices()
  return (payload: object) =>
    http.post('/api/users/transaction', payload).catch((error: unknown) => {
      logger.log('warn', 'SEND_COVERY_TRANSACTION', error)
    })
}

/** POST /log-payments-dep: which deposit methods the player was offered (spec §7); a failure is logged. */
export function useLogDepositMethods() {
  const { http, logger } = useServices()
  return (depositMethods: PaymentsMethod[], userInfo: Record<string, unknown>) =>
    http
      .post('/log-payments-dep', {
        depositMethods: depositMethods.map((m) => ({
          id: m.id,
          brand: m.brand,
          type: m.type,
          min_amount_cents: m.min_amount_cents,
          max_amount_cents: m.max_amount_cents,
        })),
        userInfo,
      })
      .catch((error: unknown) => logger.log('warn', 'LOG_PAYMENTS_DEP', error))
}
