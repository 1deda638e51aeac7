// The back office's payments, four-eyes approvals and balance adjustments (issue 22;
// docs/backoffice.md "Payments", "Four-eyes approvals", "Balance adjustments"). The api validates
// and serialises with these schemas, OpenAPI describes them, the back office infers its types.
// Query strings are text: a bad number is a field error (422), never a malformed request.
import { z } from 'zod'
import { checkOrder, period } from './history.ts'
import { currencyCode } from './common.ts'
import { paymentState } from './payments.ts'

/** Largest page of the back office's lists. */
export const ADMIN_MAX_PER_PAGE = 200

const ID = /^[1-9]\d{0,18}$/
const idText = z.string().regex(ID, 'validation.invalid')
const minorText = z.string().regex(/^\d{1,18}$/, 'validation.invalid')
const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'validation.invalid')
  .pipe(z.coerce.number<string>().int().min(1))
const perPage = z
  .string()
  .regex(/^\d{1,4}$/, 'validation.invalid')
  .pipe(z.coerce.number<string>().int().min(1).max(ADMIN_MAX_PER_PAGE))
const reason = z.string().trim().min(1, 'validation.required').max(500)

/** `/:id` of a row id, as text (bigint ids). */
export const adminIdParam = z.strictObject({ id: idText })

/** What a payment is, as the back office names it: a withdrawal is the `cashout` of the player's api. */
export const adminPaymentAction = z.enum(['deposit', 'withdrawal'])

const paymentFilter = {
  ...period,
  action: adminPaymentAction.optional(),
  state: paymentState.optional(),
  currency: currencyCode.optional(),
  player_id: idText.optional().describe('The player’s id'),
  amount_min: minorText.optional().describe('Minor units, inclusive'),
  amount_max: minorText.optional().describe('Minor units, inclusive'),
}

function checkAmounts(value: { amount_min?: string; amount_max?: string }, ctx: z.RefinementCtx) {
  if (value.amount_min === undefined || value.amount_max === undefined) return
  if (BigInt(value.amount_max) < BigInt(value.amount_min))
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'validation.invalid' })
}

/** Sorting of the payments list: a column, descending with a leading `-`. */
export const PAYMENT_SORTS = ['created_at', '-created_at', 'amount', '-amount'] as const

/** GET /api/admin/payments. */
export const adminPaymentsQuery = z
  .strictObject({
    ...paymentFilter,
    sort: z.enum(PAYMENT_SORTS).optional().describe('Newest first by default'),
    page: pageNumber.optional(),
    per_page: perPage.optional(),
  })
  .superRefine(checkOrder)
  .superRefine(checkAmounts)
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>

/** GET /api/admin/payments.csv: every payment the filters find. */
export const adminPaymentsCsvQuery = z
  .strictObject({ ...paymentFilter, sort: z.enum(PAYMENT_SORTS).optional() })
  .superRefine(checkOrder)
  .superRefine(checkAmounts)
export type AdminPaymentsCsvQuery = z.infer<typeof adminPaymentsCsvQuery>

export const adminPayment = z.object({
  id: z.string(),
  player: z.object({ id: z.string(), email: z.string() }),
  action: adminPaymentAction,
  method_id: z.string(),
  currency: z.string(),
  amount_cents: z.string().describe('Minor units, as text'),
  fee_cents: z.string(),
  state: paymentState,
  recallable: z.boolean(),
  provider: z.string(),
  provider_reference: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Above the four-eyes threshold: a second member's approval is needed to pay it. */
  four_eyes: z.boolean(),
})
export type AdminPayment = z.infer<typeof adminPayment>

export const adminPaymentsPage = z.object({
  data: z.array(adminPayment),
  pagination: z.object({ page: z.number(), per_page: z.number(), total_count: z.number() }),
})

export const APPROVAL_KINDS = ['withdrawal', 'balance_adjustment', 'bonus_grant'] as const
export const approvalKind = z.enum(APPROVAL_KINDS)
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const
export const approvalState = z.enum(APPROVAL_STATES)

export const approvalRequest = z.object({
  id: z.string(),
  kind: approvalKind,
  target_type: z.string(),
  target_id: z.string(),
  player_id: z.string().nullable(),
  amount_cents: z.string(),
  currency: z.string(),
  payload: z.record(z.string(), z.unknown()),
  requested_by: z.object({ id: z.string(), email: z.string() }),
  decided_by: z.object({ id: z.string(), email: z.string() }).nullable(),
  state: approvalState,
  request_reason: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
})
export type ApprovalRequest = z.infer<typeof approvalRequest>

/** A state change of a payment, from the event outbox. */
export const paymentHistoryEntry = z.object({ type: z.string(), state: z.string(), at: z.string() })

/** GET /api/admin/payments/:id. */
export const adminPaymentDetail = adminPayment.extend({
  history: z.array(paymentHistoryEntry),
  approval: approvalRequest.nullable(),
})

/** POST /api/admin/payments/:id/reject, /api/admin/approvals/:id/reject: a reason is required. */
export const rejectBody = z.strictObject({ reason })
/** POST /api/admin/payments/:id/approve: an optional note for the audit log and the second approver. */
export const approveBody = z.strictObject({ reason: reason.optional() })

/** GET /api/admin/payments/stuck. */
export const stuckQuery = z.strictObject({
  minutes: z
    .string()
    .regex(/^\d{1,5}$/, 'validation.invalid')
    .pipe(z.coerce.number<string>().int().min(1).max(43_200))
    .optional()
    .describe('In flight longer than this (default 2, the reconciler’s grace period)'),
})

/** GET /api/admin/approvals: the approvers' inbox across kinds. */
export const approvalsQuery = z.strictObject({
  state: approvalState.optional(),
  kind: approvalKind.optional(),
  page: pageNumber.optional(),
  per_page: perPage.optional(),
})
export const approvalsPage = z.object({
  data: z.array(approvalRequest),
  pagination: z.object({ page: z.number(), per_page: z.number(), total_count: z.number() }),
})

/** POST /api/admin/players/:id/adjustments. */
export const adjustmentBody = z.strictObject({
  currency: currencyCode,
  amount_cents: z
    .number()
    .int()
    .refine((v) => v !== 0, 'validation.invalid')
    .refine((v) => Math.abs(v) <= Number.MAX_SAFE_INTEGER, 'validation.invalid')
    .describe('Signed minor units: positive credits the player, negative debits'),
  reason,
  kind: z.literal('real').default('real'),
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'validation.invalid')
    .describe('The client’s key: a retried request answers the first adjustment'),
})
export type AdjustmentBody = z.infer<typeof adjustmentBody>

export const balanceAdjustment = z.object({
  id: z.string(),
  player_id: z.string(),
  currency: z.string(),
  amount_cents: z.string(),
  kind: z.literal('real'),
  reason: z.string(),
  state: z.enum(['pending', 'applied', 'rejected']),
  requested_by: z.object({ id: z.string(), email: z.string() }),
  ledger_transaction_id: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
})
export type BalanceAdjustment = z.infer<typeof balanceAdjustment>

/**
 * GET /api/admin/adjustments/thresholds: per currency, the amount (minor units, absolute value) above
 * which an adjustment waits for a second member; "0" where every amount does.
 */
export const adjustmentThresholds = z.object({
  thresholds: z.record(z.string(), z.string()),
})
export type AdjustmentThresholds = z.infer<typeof adjustmentThresholds>

/**
 * The answer to an approval: `decided` (carried out: the payment as it now stands) or
 * `awaiting_second_approval` (above the threshold: the request a different member must approve).
 */
export const approveResult = z.object({
  status: z.enum(['decided', 'awaiting_second_approval']),
  payment: adminPayment.optional(),
  adjustment: balanceAdjustment.optional(),
  approval: approvalRequest.nullable(),
})
