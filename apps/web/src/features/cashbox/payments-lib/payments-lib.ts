import type { HttpClient } from '../../../lib/http/client.ts'
import type {
  MethodFieldsResult,
  PaymentAction,
  PaymentPlan,
  PaymentRequest,
  PaymentsConfig,
  PaymentsMethod,
  SubmitResult,
} from './types.ts'

/** Extra attempts when the deposit or cash-out list comes back empty (api-shapes §3.5). */
const EMPTY_LIST_RETRIES = 3

export interface PaymentsLib {
  config(): Promise<PaymentsConfig>
  getMethods(payload: { currency: string; paymentAction: PaymentAction }): Promise<PaymentsMethod[]>
  getMethodFields(payload: {
    id: string
    currency: string
    paymentAction: PaymentAction
    savedProfileId?: string
  }): Promise<MethodFieldsResult>
  buildPaymentPlan(request: PaymentRequest): Promise<PaymentPlan>
  submitForm(
    request: PaymentRequest & { fields: Record<string, string>; save_profile?: boolean },
    idempotencyKey: string,
  ): Promise<SubmitResult>
  removeSavedProfile(id: string): Promise<void>
  resetCache(): void
}

/**
 * The payments library of spec §7 (config, getMethods, getMethodFields, buildPaymentPlan,
 * submitForm), talking to our payment service. Method lists are cached per currency; both
 * flows are fetched together and re-requested while either is empty.
 */
export function createPaymentsLib(http: HttpClient): PaymentsLib {
  let lists = new Map<string, Promise<Record<PaymentAction, PaymentsMethod[]>>>()
  const fetchList = (currency: string, action: PaymentAction) =>
    http.get<PaymentsMethod[]>('/api/payments/methods', { query: { currency, action } })

  const loadBoth = async (currency: string) => {
    for (let attempt = 0; ; attempt++) {
      const [deposit, cashout] = await Promise.all([
        fetchList(currency, 'deposit'),
        fetchList(currency, 'cashout'),
      ])
      if ((deposit.length && cashout.length) || attempt >= EMPTY_LIST_RETRIES) return { deposit, cashout }
    }
  }

  return {
    config: () => http.get<PaymentsConfig>('/api/payments/config'),
    async getMethods({ currency, paymentAction }) {
      let entry = lists.get(currency)
      if (!entry) {
        entry = loadBoth(currency)
        // A failed load is not kept: the next call asks again.
        entry.catch(() => lists.delete(currency))
        lists.set(currency, entry)
      }
      return (await entry)[paymentAction]
    },
    getMethodFields: ({ id, currency, paymentAction, savedProfileId }) =>
      http.get<MethodFieldsResult>(`/api/payments/methods/${encodeURIComponent(id)}/fields`, {
        query: { currency, action: paymentAction, saved_profile_id: savedProfileId },
      }),
    buildPaymentPlan: (request) => http.post<PaymentPlan>('/api/payments/plan', request),
    submitForm: (request, idempotencyKey) =>
      http.post<SubmitResult>('/api/payments', request, { headers: { 'idempotency-key': idempotencyKey } }),
    async removeSavedProfile(id) {
      await http.delete(`/api/payments/saved_profiles/${encodeURIComponent(id)}`)
      lists = new Map()
    },
    resetCache() {
      lists = new Map()
    },
  }
}
