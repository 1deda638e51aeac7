// The responsible-gambling limits' contracts (spec §7, api-shapes §6.5; docs/responsible-gambling.md):
// the api validates and serialises with these schemas, OpenAPI describes them, and the web app
// infers its types from them (type imports only: no zod in its bundle for a type).
import { z } from 'zod'
import { CURRENCIES } from '../currencies.ts'
import {
  LIMIT_LIFETIMES,
  LIMIT_PERIODS,
  LIMIT_STATUSES,
  LIMIT_TYPES,
  MAX_SESSION_MINUTES,
} from '../limits.ts'

const CODES: readonly string[] = CURRENCIES.map((c) => c.code)
const currency = z.string().refine((c) => CODES.includes(c), 'validation.one_of')
const amountCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/**
 * The IUserLimit-shaped body (create and update alike); fields the server decides are ignored, so a
 * limit as GET answers it (with `session` and `pending`) can be posted back. Any other key is refused,
 * as on every other route.
 */
const ignored = {
  id: z.number().int().optional(),
  status: z.enum(LIMIT_STATUSES).optional(),
  strategy: z.string().nullable().optional(),
  parent_type: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  disable_at: z.string().nullable().optional(),
  confirm_until: z.string().nullable().optional(),
  session: z.unknown().optional(),
  pending: z.unknown().optional(),
}
export const limitBody = z.discriminatedUnion('type', [
  z.strictObject({
    ...ignored,
    type: z.enum(['deposit', 'wager', 'loss']),
    period: z.enum(LIMIT_PERIODS),
    accounts: z
      .array(
        z.strictObject({
          currency,
          amount_cents: amountCents,
          current_value_amount_cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
          active_until: z.string().nullable().optional(),
        }),
      )
      .min(1)
      .max(CODES.length)
      .refine((a) => new Set(a.map((x) => x.currency)).size === a.length, 'validation.one_of'),
  }),
  z.strictObject({
    ...ignored,
    type: z.literal('session'),
    period: z.enum(LIMIT_PERIODS),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_SESSION_MINUTES)
      .describe('Minutes of real-money play per period'),
    accounts: z.array(z.unknown()).max(0).optional(),
  }),
  z.strictObject({
    ...ignored,
    type: z.enum(['coolingoff', 'selfexclusion']),
    period: z.enum(LIMIT_LIFETIMES).describe('The lifetime: day, day_3, week, month, month_3 … forever'),
    accounts: z.array(z.unknown()).max(0).optional(),
  }),
])

const account = z.object({
  currency: z.string(),
  amount_cents: z.number(),
  current_value_amount_cents: z.number(),
  active_until: z.string().nullable().describe('The end of the current period'),
})
export const userLimit = z
  .object({
    id: z.number(),
    type: z.enum(LIMIT_TYPES),
    period: z
      .string()
      .describe('The period of an amount or session limit; the lifetime of a cooling-off or self-exclusion'),
    status: z.enum(LIMIT_STATUSES),
    strategy: z.null(),
    parent_type: z.null(),
    created_at: z.string(),
    disable_at: z
      .string()
      .nullable()
      .describe('When a removal takes effect (confirmed or not), or when an exclusion ends'),
    confirm_until: z
      .string()
      .nullable()
      .describe('Until when the e-mailed link of a waiting change can be used'),
    accounts: z.array(account),
    session: z
      .object({ minutes: z.number(), current_minutes: z.number(), active_until: z.string().nullable() })
      .nullable()
      .describe('A session limit: minutes of play per period and those played (its accounts are empty)'),
    pending: z
      .object({
        period: z.string(),
        accounts: z.array(z.object({ currency: z.string(), amount_cents: z.number() })),
        minutes: z.number().nullable(),
        effective_at: z.string(),
      })
      .nullable(),
  })
  .describe('IUserLimit, with the change that waits (`pending`)')

/** POST /api/user_limits/confirm: the e-mailed link's token. */
export const confirmLimitBody = z.strictObject({ token: z.string().min(20).max(100) })

/** IUserLimit as the api answers it, with a session limit's minutes and the change that waits. */
export type UserLimit = z.infer<typeof userLimit>
/** One wallet of an amount limit (ILimitAccount). */
export type LimitAccount = UserLimit['accounts'][number]
/** What POST /api/user_limits takes. */
export type LimitRequest = z.input<typeof limitBody>
