// The payments module's contracts (docs/payments.md, api-shapes §3): the api validates and
// serialises with them, OpenAPI describes them, and the web app infers its types from them
// (type imports only: no zod in the web app's first chunk for a type). Amounts in minor units.
import { z } from 'zod'
import { currencyCode } from './common.ts'

export const PAYMENT_STATES = [
  'canceled',
  'declined',
  'rejected',
  'recalled',
  'succeeded',
  'pending',
  'processing',
  'reserved',
] as const
export const paymentState = z.enum(PAYMENT_STATES)
export type PaymentState = z.infer<typeof paymentState>

export const paymentAction = z.enum(['deposit', 'cashout'])
export type PaymentAction = z.infer<typeof paymentAction>

export const methodId = z.string().regex(/^[a-z_]{1,40}$/, 'validation.one_of')
export const savedProfileId = z.string().regex(/^card_[0-9a-f]{24}$/, 'validation.one_of')
const amountCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const playerPayment = z
  .object({
    id: z.number(),
    amount_cents: z.number(),
    fee_cents: z.number(),
    currency: z.string(),
    action: paymentAction,
    payment_system: z.string(),
    system_name: z.string(),
    brand: z.string(),
    state: paymentState,
    success: z.boolean(),
    recallable: z.boolean(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    cancellation_reason: z.string().nullable(),
  })
  .describe('IPlayerPayment (api-shapes §3.3); amounts in minor units')
export type PlayerPayment = z.infer<typeof playerPayment>

export const savedProfile = z.object({
  id: z.string(),
  /** First 6 and last 4 digits of the card. */
  title: z.string(),
  isRemoveAvailable: z.boolean(),
})
export type SavedProfile = z.infer<typeof savedProfile>

export const methodField = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  mask: z.array(z.string()).optional(),
  options: z.array(z.string()).optional(),
})
export type MethodField = z.infer<typeof methodField>

export const paymentMethod = z
  .object({
    id: z.string(),
    brand: z.string(),
    translationKey: z.string(),
    title: z.string(),
    description: z.string(),
    iconSrc: z.string().nullable(),
    extraIcons: z.string(),
    type: z.enum(['bank_transfer', 'cards', 'crypto', 'direct', 'voucher']),
    provider: z.object({ name: z.string() }),
    termsOfService: z.object({
      restrictions: z.object({ minAmountValue: z.number(), maxAmountValue: z.number() }),
    }),
    savedProfiles: z.array(savedProfile),
    isForSavedProfilesOnly: z.boolean(),
    isProfileRequiredForCashout: z.boolean(),
    min_amount_cents: z.number(),
    max_amount_cents: z.number(),
    fee_percent: z.number(),
    processing_time: z.enum(['instant', 'minutes', 'hours_24', 'days_1_3']),
    verification_required: z.boolean(),
  })
  .describe('IPaymentsMethod (api-shapes §3.5) plus bounds in minor units, fee, processing time')
export type PaymentsMethod = z.infer<typeof paymentMethod>

/** GET /api/payments/config */
export const paymentsConfig = z.object({
  currencies: z.array(z.string()),
  first_deposit_suggestion_cents: z.record(z.string(), z.number()),
  last_deposits: z
    .record(z.string(), z.object({ amount_cents: z.number(), method_id: z.string() }))
    .describe('The player’s last successful deposit per currency (the one-click deposit repeats it)'),
  card_provider: z.object({ enabled: z.boolean(), currencies: z.array(z.string()) }),
})
export type PaymentsConfig = z.infer<typeof paymentsConfig>

/** GET /api/payments/methods */
export const methodsQuery = z.strictObject({ currency: currencyCode, action: paymentAction })

/** GET /api/payments/methods/:id/fields (IGetMethodFieldsResult) */
export const methodFieldsQuery = z.strictObject({
  currency: currencyCode,
  action: paymentAction,
  saved_profile_id: savedProfileId.optional(),
})
export const methodFieldsResult = z.object({
  amountField: z.object({ min_cents: z.number(), max_cents: z.number() }),
  methodFields: z.array(methodField),
  playerFields: z.array(z.object({ field: z.string(), type: z.string() })),
  isSubmitAvailable: z.boolean(),
})
export type MethodFieldsResult = z.infer<typeof methodFieldsResult>

/** POST /api/payments/plan: what a payment asks for. */
export const paymentRequest = z.strictObject({
  method_id: methodId,
  currency: currencyCode,
  action: paymentAction,
  amount_cents: amountCents,
  saved_profile_id: savedProfileId.optional(),
})
export type PaymentRequest = z.infer<typeof paymentRequest>

export const paymentPlan = z.object({
  method_id: z.string(),
  currency: z.string(),
  action: paymentAction,
  amount_cents: z.number(),
  fee_cents: z.number(),
  total_cents: z.number(),
})
export type PaymentPlan = z.infer<typeof paymentPlan>

/** POST /api/payments */
export const submitBody = paymentRequest.extend({
  fields: z.record(z.string().max(40), z.string().max(200)).default({}),
  save_profile: z.boolean().optional(),
})
export type SubmitBody = z.input<typeof submitBody>

export const submitResult = z.object({
  payment: playerPayment,
  next: z.union([
    z.object({ type: z.literal('done') }),
    z.object({ type: z.literal('redirect'), url: z.string() }),
  ]),
})
export type SubmitResult = z.infer<typeof submitResult>

/** GET /api/player/crypto_addresses: the deposit address per crypto currency. */
export const cryptoAddresses = z.record(z.string(), z.string())
export type CryptoAddresses = z.infer<typeof cryptoAddresses>

/** POST /api/users/transaction: the fraud-check payload of spec §3. */
export const fraudPayload = z.strictObject({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.invalid')
    .optional(),
  firstname: z.string().max(100).optional(),
  lastname: z.string().max(100).optional(),
  email: z.email().max(254).optional(),
  dfpc: z.string().max(500).optional(),
  merchant_user_id: z.union([z.string().max(64), z.number().int()]).optional(),
  card_expiration_month: z.number().int().min(1).max(12).optional(),
  card_expiration_year: z.number().int().min(2000).max(2100).optional(),
  card_holder_name: z.string().max(100).optional(),
  card_last_4: z
    .string()
    .regex(/^\d{4}$/, 'validation.invalid')
    .optional(),
  // At most 8 digits: a full card number is refused, never stored.
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, 'validation.invalid')
    .optional(),
  payment_account_id: z.string().max(100).optional(),
  website_url: z.string().max(500).optional(),
  transaction_id: z.union([z.string().min(1).max(100), z.number().int()]),
  date_time: z.string().max(40).optional(),
  transaction_currency: z.string().regex(/^[A-Z]{3,5}$/, 'validation.one_of'),
  transaction_amount: z.number().nonnegative().max(1e12),
  payment_system: z.string().min(1).max(64),
  type: z.enum(['transaction', 'payout']),
})
export type FraudPayload = z.infer<typeof fraudPayload>
export const fraudRecorded = z.object({ status: z.literal('recorded'), score: z.number() })

/** POST /log-payments-dep: the deposit methods the cashbox offered. */
export const depositMethodsLog = z.strictObject({
  depositMethods: z.array(z.record(z.string(), z.unknown())).max(100),
  userInfo: z.record(z.string(), z.unknown()),
})
export type DepositMethodsLog = z.infer<typeof depositMethodsLog>
