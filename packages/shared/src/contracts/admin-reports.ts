// The back office's dashboard and reports (issue 22, docs/backoffice.md "Dashboard", "Reports"):
// the figures per currency and UTC day, the GGR report and its CSV, the regulator export of a
// player. Periods are whole UTC days: `from` and `to` are dates, both included. Query strings
// are text: a bad value is a field error (422), never a malformed request.
import { z } from 'zod'
import { currencyCode } from './common.ts'

/** The longest period the dashboard and the reports cover at once (days). */
export const REPORT_MAX_DAYS = 366

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A UTC day as `YYYY-MM-DD`, or undefined when the text is not a real day. */
export function parseDay(text: string): Date | undefined {
  const match = DAY.exec(text)
  if (!match) return undefined
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined
  return date
}

const day = z
  .string()
  .max(10)
  .refine((text) => parseDay(text) !== undefined, 'validation.date')

const periodQuery = {
  from: day.optional().describe('First UTC day (YYYY-MM-DD), included; 29 days before `to` by default'),
  to: day.optional().describe('Last UTC day (YYYY-MM-DD), included; today by default'),
  currency: currencyCode.optional().describe('One currency; every currency by default'),
}

/** `to` on or after `from`, and no more than REPORT_MAX_DAYS days. */
function checkPeriod(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from === undefined || value.to === undefined) return
  const from = parseDay(value.from)
  const to = parseDay(value.to)
  if (!from || !to) return
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.date_order' })
  else if ((to.getTime() - from.getTime()) / 86_400_000 + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid' })
}

/** GET /api/admin/dashboard */
export const dashboardQuery = z.strictObject(periodQuery).superRefine(checkPeriod)
export type DashboardQuery = z.infer<typeof dashboardQuery>

const cents = z.number().int().describe('Minor units of the currency')
const countAndSum = z.object({ count: z.number().int(), sum_cents: cents })

/** What the dashboard shows of a day, or of the whole period, in one currency. */
const figures = {
  currency: z.string(),
  deposits: countAndSum.describe('Deposits credited'),
  withdrawals: countAndSum.describe('Withdrawals paid out'),
  bets_cents: cents.describe('Bets of the rounds settled, less those rolled back'),
  wins_cents: cents.describe('Wins of the same rounds'),
  rounds: z.number().int().describe('Rounds settled'),
  ggr_cents: cents.describe('Gross gaming revenue: bets − wins'),
  bonus_cost_cents: cents.describe('Bonus money turned into real money; 0 until bonuses exist'),
  ngr_cents: cents.describe('Net gaming revenue: GGR − bonus cost'),
  active_players: z.number().int().describe('Players who played a round (over a period: each player once)'),
  new_players: z.number().int().describe('Registrations (in the registration currency)'),
  first_deposits: countAndSum.describe('Players’ first successful deposits'),
}

export const dashboardDay = z.object({ day: z.string().describe('UTC day, YYYY-MM-DD'), ...figures })
export type DashboardDay = z.infer<typeof dashboardDay>
export const dashboardTotals = z.object(figures)
export type DashboardTotals = z.infer<typeof dashboardTotals>

const queue = z.array(z.object({ currency: z.string(), count: z.number().int(), sum_cents: cents }))

export const dashboard = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  /** Oldest first; a day with nothing in a currency is left out. */
  days: z.array(dashboardDay),
  /** Per currency over the period. */
  totals: z.array(dashboardTotals),
  /** The queues as they stand now, whatever the period. */
  queues: z.object({
    withdrawals_pending: queue.describe('Withdrawals waiting for an operator'),
    payments_in_flight: queue.describe(
      'Payments left `processing` past the reconciler’s grace period (their answer was never recorded)',
    ),
    documents_waiting: z.number().int().describe('Verification documents waiting for review'),
  }),
})
export type Dashboard = z.infer<typeof dashboard>

export const GGR_GROUPS = ['game', 'provider', 'country', 'day'] as const
export type GgrGroup = (typeof GGR_GROUPS)[number]
export const GGR_SORTS = ['key', 'bets', 'wins', 'ggr', 'rounds', 'players'] as const

const ggrFilter = { ...periodQuery, group: z.enum(GGR_GROUPS).describe('What a row stands for') }

/** GET /api/admin/reports/ggr */
export const ggrQuery = z
  .strictObject({
    ...ggrFilter,
    sort: z.enum(GGR_SORTS).optional().describe('The column rows are ordered by; `ggr` by default'),
    order: z.enum(['asc', 'desc']).optional().describe('`desc` by default (`asc` for `key`)'),
    page: z
      .string()
      .regex(/^\d{1,6}$/)
      .pipe(z.coerce.number<string>().int().min(1))
      .optional(),
    per_page: z
      .string()
      .regex(/^\d{1,4}$/)
      .pipe(z.coerce.number<string>().int().min(1).max(1000))
      .optional(),
  })
  .superRefine(checkPeriod)
export type GgrQuery = z.infer<typeof ggrQuery>

/** GET /api/admin/reports/ggr.csv: every row, in the list's order. */
export const ggrCsvQuery = z
  .strictObject({ ...ggrFilter, sort: ggrQuery.shape.sort, order: ggrQuery.shape.order })
  .superRefine(checkPeriod)
export type GgrCsvQuery = z.infer<typeof ggrCsvQuery>

export const ggrRow = z.object({
  key: z.string().describe('The game’s identifier, the studio, the country (`--` unknown) or the UTC day'),
  title: z.string().nullable().describe('The game’s or studio’s name'),
  currency: z.string(),
  bets_cents: cents,
  wins_cents: cents,
  ggr_cents: cents,
  bonus_cost_cents: cents,
  ngr_cents: cents,
  rounds: z.number().int().describe('Rounds with a bet in the period'),
  players: z.number().int(),
})
export type GgrRow = z.infer<typeof ggrRow>

export const ggrPage = z.object({
  data: z.array(ggrRow),
  /** Per currency over every row the filters find (not only this page). */
  totals: z.array(ggrRow.omit({ key: true, title: true })),
  pagination: z.object({
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
  }),
})
export type GgrPage = z.infer<typeof ggrPage>

/** GET /api/admin/reports/players/:id/export */
export const playerExportParams = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,18}$/, 'validation.invalid'),
})

/** The export's format tag: its first member. */
export const PLAYER_EXPORT_FORMAT = 'aurum.player-export.v1'
