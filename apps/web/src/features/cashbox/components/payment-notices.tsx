import { useEffect } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useServices } from '../../../lib/services.tsx'
import { PAYMENTS_KEY } from '../api/payments-key.ts'

/** A toast for every change of the player's payments pushed by the realtime hub; the history loads again. */
export function PaymentNotices() {
  const { t, i18n } = useTranslation()
  const { realtime, toasts, queryClient } = useServices()
  useEffect(
    () =>
      realtime.events.on('websocket.payments_changes', (notice) => {
        if (!notice || typeof notice.amount_cents !== 'number') return
        // The toast's wording loads with the first notice, not with every page.
        void import('../payment-notice.ts').then(({ paymentNoticeToast }) =>
          toasts.show(paymentNoticeToast(notice, t, i18n.language)),
        )
        void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'history'] })
      }),
    [realtime, toasts, queryClient, t, i18n.language],
  )
  return null
}
