/** Shapes of the payments library (api-shapes §3.3, §3.5; docs/payments.md). Amounts in minor units. */
export type PaymentAction = 'deposit' | 'cashout'

export interface SavedProfile {
  id: string
  /** First 6 and last 4 digits of the card. */
  title: string
  isRemoveAvailable: boolean
}

export interface PaymentsMethod {
  id: string
  brand: string
  translationKey: string
  title: string
  description: string
  iconSrc: string | null
  extraIcons: string
  type: 'bank_transfer' | 'cards' | 'crypto' | 'direct' | 'voucher'
  provider: { name: string }
  termsOfService: { restrictions: { minAmountValue: number; maxAmountValue: number } }
  savedProfiles: SavedProfile[]
  isForSavedProfilesOnly: boolean
  isProfileRequiredForCashout: boolean
  min_amount_cents: number
  max_amount_cents: number
  fee_percent: number
  processing_time: 'instant' | 'minutes' | 'hours_24' | 'days_1_3'
  verification_required: boolean
}

export interface MethodField {
  name: string
  type: string
  required: boolean
  mask?: string[]
  options?: string[]
}

export interface MethodFieldsResult {
  amountField: { min_cents: number; max_cents: number }
  methodFields: MethodField[]
  playerFields: Array<{ field: string; type: string }>
  isSubmitAvailable: boolean
}

export interface PaymentsConfig {
  currencies: string[]
  first_deposit_suggestion_cents: Record<string, number>
  /** The player's last successful deposit per currency: the one-click deposit repeats it. */
  last_deposits: Record<string, { amount_cents: number; method_id: string }>
  card_provider: { enabled: boolean; currencies: string[] }
}

export interface PaymentRequest {
  method_id: string
  currency: string
  action: PaymentAction
  amount_cents: number
  saved_profile_id?: string
}

export interface PaymentPlan extends PaymentRequest {
  fee_cents: number
  total_cents: number
}

export interface PlayerPayment {
  id: number
  amount_cents: number
  fee_cents: number
  currency: string
  action: PaymentAction
  payment_system: string
  system_name: string
  brand: string
  state:
    'canceled' | 'declined' | 'rejected' | 'recalled' | 'succeeded' | 'pending' | 'processing' | 'reserved'
  success: boolean
  recallable: boolean
  created_at: string
  finished_at: string | null
  cancellation_reason: string | null
}

export interface SubmitResult {
  payment: PlayerPayment
  next: { type: 'done' } | { type: 'redirect'; url: string }
}
