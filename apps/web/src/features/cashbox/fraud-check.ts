import type { UserInfo } from '@aurum/shared'
import type { PaymentAction, PlayerPayment } from './payments-lib/types.ts'

/** Expiry dates are split on '/' into month and year (spec §5); two-digit years are 20xx. */
export function splitExpiry(expiry: string | undefined): { month?: number; year?: number } {
  const [m, y] = (expiry ?? '').split('/').map((part) => part.trim())
  const month = Number(m)
  const year = Number(y)
  return {
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : undefined,
    year: Number.isInteger(year) && y ? (year < 100 ? 2000 + year : year) : undefined,
  }
}

/**
 * The fraud-check payload of spec §3 for a card payment: never the full card number or the
 * CVV, only the BIN (first 6 digits) and the last 4.
 */
export function fraudCheckPayload(input: {
  player: UserInfo
  payment: PlayerPayment
  action: PaymentAction
  fields: Record<string, string>
  savedProfileId?: string
  dfpc: string
  origin: string
  subunitsToUnit: number
}) {
  const digits = (input.fields.card_number ?? '').replace(/\D/g, '')
  const { month, year } = splitExpiry(input.fields.expiry)
  return {
    country: input.player.country ?? undefined,
    firstname: input.player.first_name ?? undefined,
    lastname: input.player.last_name ?? undefined,
    email: input.player.email,
    dfpc: input.dfpc,
    merchant_user_id: input.player.id,
    card_expiration_month: month,
    card_expiration_year: year,
    card_holder_name: input.fields.card_holder || undefined,
    card_last_4: digits.length >= 10 ? digits.slice(-4) : undefined,
    card_bin: digits.length >= 10 ? digits.slice(0, 6) : undefined,
    payment_account_id: input.savedProfileId,
    website_url: input.origin,
    transaction_id: input.payment.id,
    date_time: input.payment.created_at,
    transaction_currency: input.payment.currency,
    transaction_amount: input.payment.amount_cents / input.subunitsToUnit,
    payment_system: input.payment.payment_system,
    type: input.action === 'deposit' ? ('transaction' as const) : ('payout' as const),
  }
}
