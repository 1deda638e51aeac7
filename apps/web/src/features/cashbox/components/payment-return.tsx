import { useEffect } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useLocation, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useServices } from '../../../lib/services.tsx'

const DONE = new Set(['succeeded', 'pending', 'processing'])

/**
 * Back from a payment page (3-D Secure, e-wallet): `?payment=<id>&status=<state>` becomes a
 * toast, balances and history load again, and the query goes from the address bar.
 */
export function PaymentReturn() {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const queryClient = useQueryClient()
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const payment = params.get('payment')
    const status = params.get('status')
    if (!payment || !status) return
    // The realtime hub's notice of the same payment replaces this toast rather than adding one.
    const id = `payment-${payment}`
    toasts.show(
      DONE.has(status)
        ? { id, type: 'success', title: t('cashbox.success_deposit') }
        : { id, type: 'error', title: t('cashbox.unsuccess') },
    )
    void queryClient.invalidateQueries({ queryKey: ['player'] })
    params.delete('payment')
    params.delete('status')
    const search = params.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true })
  }, [location.search, location.pathname, navigate, queryClient, t, toasts])
  return null
}
