import { z } from 'zod'
import { CURRENCIES } from '@aurum/shared'
import { localeParam } from '../../lib/schemas.ts'
import type { PaymentState } from '../payments/index.ts'

/**
 * The account history's filters (docs/responsible-gambling.md "Account history"): one set of
 * rules for the lists and their CSV exports. Query strings are text, so a number that is not one
 * is a field error (422) like a number out of range, never a malformed request.
 */

/** Largest page of the games history. */
export const MAX_PER_PAGE = 100
/** Deepest page (with the largest pages: the player's last million rounds). */
export const MAX_PAGE = 10_000

const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code)

export const currencyFilter = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'validation.one_of')
  .refine((c) => CURRENCY_CODES.includes(c), 'validation.one_of')

/** A whole number in a query string, with its bounds checked as a number. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .pipe(z.coerce.number<string>().int().min(min).max(max))

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * A bound of a period: a date (`2026-03-01`, a UTC day) or a date and time with its offset
 * (`2026-03-01T00:00:00+01:00`, what the web sends for the player's own midnight). `from` is
 * inclusive; `to` is exclusive for a date and time and includes the whole day for a date.
 */
export function parseBound(text: string, end: boolean): Date | undefined {
  const day = DATE.exec(text)
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const date = new Date(Date.UTC(y, m - 1, d + (end ? 1 : 0)))
    const check = new Date(Date.UTC(y, m - 1, d))
    // 2026-02-30 is not a day (Date would roll it over into March).
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
      return undefined
    return date
  }
  if (!DATE_TIME.test(text)) return undefined
  const at = new Date(text)
  return Number.isNaN(at.getTime()) ? undefined : at
}

const bound = (end: boolean) =>
  z
    .string()
    .max(40)
    .refine((text) => parseBound(text, end) !== undefined, 'validation.date')

/** `to` must come after `from`. */
function checkOrder(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from === undefined || value.to === undefined) return
  const from = parseBound(value.from, false)
  const to = parseBound(value.to, true)
  if (from && to && to <= from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.date_order' })
}

const period = {
  from: bound(false)
    .optional()
    .describe('Start: a date (UTC day) or an ISO 8601 date-time with offset; inclusive'),
  to: bound(true)
    .optional()
    .describe('End: a date (the whole UTC day included) or an ISO 8601 date-time with offset (exclusive)'),
}

/** The request's language (a link may name it). */
const language = { l: localeParam.optional() }

const gameFilter = {
  currency: currencyFilter.optional(),
  ...period,
  game: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+:[a-z0-9-]+$/, 'validation.invalid')
    .optional()
    .describe('A game identifier, e.g. goldfinch:sunstone-dynasty'),
}

export const gamesQuery = z
  .strictObject({
    page: queryInt(1, MAX_PAGE).optional(),
    per_page: queryInt(1, MAX_PER_PAGE).optional(),
    ...language,
    ...gameFilter,
  })
  .superRefine(checkOrder)

export const gamesCsvQuery = z.strictObject({ ...language, ...gameFilter }).superRefine(checkOrder)

export const PAYMENT_STATES = [
  'canceled',
  'declined',
  'rejected',
  'recalled',
  'succeeded',
  'pending',
  'processing',
  'reserved',
] as const satisfies readonly PaymentState[]
const paymentState = z.enum(PAYMENT_STATES)
/** One state, or several (`state=pending&state=processing` in a query string). */
const paymentStates = z.union([paymentState, z.array(paymentState).min(1).max(PAYMENT_STATES.length)])

const paymentFilter = {
  currency: currencyFilter.optional(),
  type: z.enum(['deposit', 'cashout']).optional(),
  state: paymentStates.optional(),
  ...period,
}

/** The filter of POST /api/player/payments/with_pages (api-shapes §3.1, plus state and period). */
export const paymentsBodyFilter = z.strictObject(paymentFilter).superRefine(checkOrder)

export const paymentsCsvQuery = z.strictObject({ ...language, ...paymentFilter }).superRefine(checkOrder)

export interface GameHistoryFilter {
  currency?: string
  from?: Date
  to?: Date
  game?: string
}

export interface PaymentHistoryFilter {
  currency?: string
  type?: 'deposit' | 'cashout'
  states?: PaymentState[]
  from?: Date
  to?: Date
}

const dates = (q: { from?: string; to?: string }) => ({
  from: q.from === undefined ? undefined : parseBound(q.from, false),
  to: q.to === undefined ? undefined : parseBound(q.to, true),
})

export function gameFilterOf(q: Omit<z.infer<typeof gamesCsvQuery>, 'l'>): GameHistoryFilter {
  return { currency: q.currency, game: q.game, ...dates(q) }
}

export function paymentFilterOf(q: Omit<z.infer<typeof paymentsCsvQuery>, 'l'>): PaymentHistoryFilter {
  return {
    currency: q.currency,
    type: q.type,
    states: q.state === undefined ? undefined : Array.isArray(q.state) ? q.state : [q.state],
    ...dates(q),
  }
}

/**
 * The payments of a player matching a filter, as SQL (the table aliased `p`) with its parameters
 * after `first - 1` others. Newest first is `ORDER BY p.id DESC` (the payments_user index).
 */
export function paymentsWhere(userId: bigint, filter: PaymentHistoryFilter, first = 1) {
  const n = (i: number) => `$${first + i}`
  return {
    sql: `p.user_id = ${n(0)} AND (${n(1)}::text IS NULL OR p.currency = ${n(1)})
      AND (${n(2)}::text IS NULL OR p.action = ${n(2)}) AND (${n(3)}::text[] IS NULL OR p.state = ANY(${n(3)}::text[]))
      AND (${n(4)}::timestamptz IS NULL OR p.created_at >= ${n(4)}) AND (${n(5)}::timestamptz IS NULL OR p.created_at < ${n(5)})`,
    params: [
      userId.toString(),
      filter.currency ?? null,
      filter.type ?? null,
      filter.states ?? null,
      filter.from ?? null,
      filter.to ?? null,
    ] as unknown[],
  }
}
