// The account history's contracts (docs/responsible-gambling.md "Account history"): the api
// validates and serialises with them, OpenAPI describes them, and the web app infers its types
// from them (type imports only). One set of filter rules for the lists and their CSV exports.
// Query strings are text, so a number that is not one is a field error (422) like a number out of
// range, never a malformed request.
import { z } from 'zod'
import { currencyCode, localeParam } from './common.ts'
import { PAYMENT_STATES, paymentAction, paymentState, playerPayment } from './payments.ts'

/** Largest page of the games history. */
export const MAX_PER_PAGE = 100
/** Deepest page (with the largest pages: the player's last million rounds). */
export const MAX_PAGE = 10_000

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

/** `to` must come after `from` (a refinement of any query with a period). */
export function checkOrder(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from === undefined || value.to === undefined) return
  const from = parseBound(value.from, false)
  const to = parseBound(value.to, true)
  if (from && to && to <= from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.date_order' })
}

/** A period's bounds as query parameters (the history and the audit log filter by them). */
export const period = {
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
  currency: currencyCode.optional(),
  ...period,
  game: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+:[a-z0-9-]+$/, 'validation.invalid')
    .optional()
    .describe('A game identifier, e.g. goldfinch:sunstone-dynasty'),
}

/** GET /api/player/games */
export const gamesQuery = z
  .strictObject({
    page: queryInt(1, MAX_PAGE).optional(),
    per_page: queryInt(1, MAX_PER_PAGE).optional(),
    ...language,
    ...gameFilter,
  })
  .superRefine(checkOrder)

/** GET /api/player/games.csv */
export const gamesCsvQuery = z.strictObject({ ...language, ...gameFilter }).superRefine(checkOrder)

/** One state, or several (`state=pending&state=processing` in a query string). */
const paymentStates = z.union([paymentState, z.array(paymentState).min(1).max(PAYMENT_STATES.length)])

const paymentFilter = {
  currency: currencyCode.optional(),
  type: paymentAction.optional(),
  state: paymentStates.optional(),
  ...period,
}

/** The filter of POST /api/player/payments/with_pages (api-shapes §3.1, plus state and period). */
export const paymentsBodyFilter = z.strictObject(paymentFilter).superRefine(checkOrder)

/** GET /api/player/payments.csv */
export const paymentsCsvQuery = z.strictObject({ ...language, ...paymentFilter }).superRefine(checkOrder)

/** POST /api/player/payments/with_pages */
export const paymentsPageBody = z.strictObject({
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(20),
  filter: paymentsBodyFilter.optional(),
})

export const paymentsPage = z.object({
  data: z.array(playerPayment),
  pagination: z.object({ page: z.number(), per_page: z.number(), total_count: z.number() }),
})
export type PaymentsPage = z.infer<typeof paymentsPage>

export const roundFairness = z
  .object({
    server_seed_hash: z.string().describe('SHA-256 of the server seed, shown before the round'),
    client_seed: z.string(),
    nonce: z.number(),
    server_seed: z
      .string()
      .nullable()
      .describe('Revealed once the player has rotated the seed; null until then'),
    verify_url: z.string().describe('The game server’s verifier, filled in for this round'),
  })
  .describe('Provably fair data from the game server')
/** The provably fair data of a round, from the game server that played it. */
export type RoundFairness = z.infer<typeof roundFairness>

export const gameRound = z
  .object({
    bet_id: z.number(),
    bet_status: z.enum(['open', 'closed', 'rolled_back']),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    currency: z.string(),
    provider: z.string(),
    game: z.string(),
    title: z.string(),
    total_bets: z.number(),
    total_losses: z.number(),
    total_wins: z.number(),
    round_id: z.string().describe('The game server’s round id'),
    balance_after_cents: z
      .number()
      .nullable()
      .describe('The real-money balance after the round’s last posting (ledger); null without a posting'),
    fairness: roundFairness
      .nullable()
      .describe('Provably fair data from the game server; null when it has none or cannot be reached'),
  })
  .describe(
    'IUserGameHistoryItem (api-shapes §2.1) plus round_id, balance_after_cents and fairness; amounts in minor units',
  )
/** IUserGameHistoryItem (api-shapes §2.1) with the balance after the round and its fairness data. */
export type GameRound = z.infer<typeof gameRound>
