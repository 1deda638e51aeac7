import type { TFunction } from '../../lib/i18n.ts'
import { formatAmount, type PaymentChangeNotice } from '@aurum/shared'
import type { ToastInput } from '../../components/toast/toast-store.ts'

/** The notice's `type` (approved, declined, canceled, failed; or the payment's state) as an outcome. */
const OUTCOMES: Record<string, 'approved' | 'declined' | 'canceled' | 'failed'> = {
  approved: 'approved',
  succeeded: 'approved',
  declined: 'declined',
  rejected: 'declined',
  canceled: 'canceled',
  cancelled: 'canceled',
  recalled: 'canceled',
  failed: 'failed',
  expired: 'failed',
}

/**
 * The toast for a payment's change pushed on `payments_changes` (api-shapes §7.2): "Deposit of
 * 50.00 EUR credited", "Withdrawal of 20.00 EUR paid", "Deposit of 60.00 EUR declined". One toast
 * per payment (a later change of the same payment replaces it): success for a payment that went
 * through, a warning when it was cancelled, an error when it was declined or failed.
 */
export function paymentNoticeToast(notice: PaymentChangeNotice, t: TFunction, locale: string): ToastInput {
  const action = notice.action === 'deposit' ? 'deposit' : 'cashout'
  const outcome = notice.success
    ? 'approved'
    : Object.hasOwn(OUTCOMES, notice.type)
      ? OUTCOMES[notice.type]!
      : 'updated'
  return {
    id: `payment-${notice.id}`,
    type: notice.success ? 'success' : outcome === 'declined' || outcome === 'failed' ? 'error' : 'warning',
    title: t(`cashbox.notice_${action}_${outcome}`, {
      amount: formatAmount(notice.amount_cents, notice.currency, locale),
    }),
  }
}
