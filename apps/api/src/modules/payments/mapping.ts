import type { Locale } from '@aurum/shared'
import { t } from '../../lib/i18n.ts'
import type { PaymentAction, PaymentState, PlayerPayment } from '@aurum/shared/contracts/payments'

export type { PaymentState, PlayerPayment }

export interface PaymentRow {
  id: bigint
  user_id: bigint
  action: PaymentAction
  method_id: string
  currency: string
  amount_cents: bigint
  fee_cents: bigint
  state: PaymentState
  recallable: boolean
  provider: string
  provider_reference: string | null
  redirect_url: string | null
  cancellation_reason: string | null
  details: Record<string, string>
  created_at: Date
  finished_at: Date | null
}

/** The brand a method shows (the sandbox's catalogue). */
export const METHOD_BRANDS: Record<string, string> = {
  card: 'visa',
  bank_transfer: 'sepa',
  ewallet: 'sandpay',
  sofort: 'sofort',
  crypto: 'crypto',
  card_provider: 'card_provider',
}

export function toPlayerPayment(row: PaymentRow, locale: Locale): PlayerPayment {
  return {
    id: Number(row.id),
    amount_cents: Number(row.amount_cents),
    fee_cents: Number(row.fee_cents),
    currency: row.currency,
    action: row.action,
    payment_system: row.method_id,
    system_name: t(locale, `payments.methods.${row.method_id}.title`),
    brand: METHOD_BRANDS[row.method_id] ?? row.method_id,
    state: row.state,
    success: row.state === 'succeeded',
    recallable: row.recallable,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    cancellation_reason: row.cancellation_reason
      ? t(locale, `payments.reasons.${row.cancellation_reason}`).replace(/^payments\.reasons\./, '')
      : null,
  }
}
