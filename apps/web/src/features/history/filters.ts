import { formatAmount } from '@aurum/shared'
import type { PaymentAction, PaymentState } from '@aurum/shared/contracts/payments'

/**
 * The account history's filters as the address bar keeps them (`?currency=EUR&period=30d`, or
 * `period=custom&from=2026-03-01&to=2026-03-31`), and as the api takes them: a period is the
 * player's own days (local midnights), sent as exact times; `to` is exclusive.
 */
export const PERIODS = ['all', 'today', '7d', '30d', '90d', 'custom'] as const
export type Period = (typeof PERIODS)[number]

export const PAYMENT_TYPES = ['deposit', 'cashout'] as const satisfies readonly PaymentAction[]
export type PaymentType = PaymentAction

export const PAYMENT_STATES = [
  'succeeded',
  'pending',
  'processing',
  'reserved',
  'declined',
  'canceled',
  'rejected',
  'recalled',
] as const satisfies readonly PaymentState[]
export type { PaymentState }

export interface HistoryFilter {
  currency?: string
  period: Period
  /** Days of a custom period (YYYY-MM-DD), both included. */
  from?: string
  to?: string
  /** Payments only. */
  type?: PaymentType
  state?: PaymentState
}

/** Days a period reaches back, today included. */
const PERIOD_DAYS: Partial<Record<Period, number>> = { today: 1, '7d': 7, '30d': 30, '90d': 90 }

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD that is a real day, as the local midnight that starts it. */
export function localDay(text: string | undefined): Date | undefined {
  const match = text ? DAY.exec(text) : null
  if (!match) return undefined
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(y, m - 1, d)
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : undefined
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value)

/** The filter in the address bar; anything unknown is left out (the defaults). */
export function parseFilter(search: URLSearchParams): HistoryFilter {
  const currency = search.get('currency') ?? ''
  const from = search.get('from') ?? undefined
  const to = search.get('to') ?? undefined
  const named = oneOf(PERIODS, search.get('period'))
  const period = named ?? (from || to ? 'custom' : 'all')
  const filter: HistoryFilter = { period }
  if (/^[A-Z]{3,5}$/.test(currency)) filter.currency = currency
  if (period === 'custom') {
    if (localDay(from)) filter.from = from
    if (localDay(to)) filter.to = to
    // An end before the start is read as the range the two days span.
    if (filter.from && filter.to && filter.to < filter.from)
      [filter.from, filter.to] = [filter.to, filter.from]
  }
  const type = oneOf(PAYMENT_TYPES, search.get('type'))
  if (type) filter.type = type
  const state = oneOf(PAYMENT_STATES, search.get('state'))
  if (state) filter.state = state
  return filter
}

/** The address bar's query of a filter (defaults left out, so a clear filter is a bare path). */
export function filterSearch(filter: HistoryFilter): string {
  const search = new URLSearchParams()
  if (filter.currency) search.set('currency', filter.currency)
  if (filter.type) search.set('type', filter.type)
  if (filter.state) search.set('state', filter.state)
  if (filter.period !== 'all') search.set('period', filter.period)
  if (filter.period === 'custom') {
    if (filter.from) search.set('from', filter.from)
    if (filter.to) search.set('to', filter.to)
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export const hasFilters = (filter: HistoryFilter) => filterSearch(filter) !== ''

/** The period as exact times: from the first day's local midnight to the midnight after the last. */
export function periodRange(filter: HistoryFilter, now: Date): { from?: Date; to?: Date } {
  const days = PERIOD_DAYS[filter.period]
  if (days) return { from: new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1)) }
  if (filter.period !== 'custom') return {}
  const from = localDay(filter.from)
  const last = localDay(filter.to)
  return {
    from,
    to: last && new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1),
  }
}

/** The api's query of the games history and its CSV (GET /api/player/games[.csv]). */
export function gamesApiQuery(filter: HistoryFilter, now: Date): Record<string, string> {
  const { from, to } = periodRange(filter, now)
  const query: Record<string, string> = {}
  if (filter.currency) query.currency = filter.currency
  if (from) query.from = from.toISOString()
  if (to) query.to = to.toISOString()
  return query
}

/** The api's filter of the payment history (POST /api/player/payments/with_pages, GET /api/player/payments.csv). */
export function paymentsApiFilter(filter: HistoryFilter, now: Date): Record<string, string> {
  const query = gamesApiQuery(filter, now)
  if (filter.type) query.type = filter.type
  if (filter.state) query.state = filter.state
  return query
}

/** A CSV download's address with the filters of the page. */
export function csvHref(path: string, query: Record<string, string>, language: string): string {
  const search = new URLSearchParams({ ...query, l: language })
  return `${path}?${search.toString()}`
}

/** An amount in the player's language, the currency's display unit (µBTC, mETH…). */
export const money = (cents: number, currency: string, language: string) =>
  formatAmount(cents, currency, language)

/** A round's result for the player: + for a gain, − (the minus sign) for a loss. */
export function signedMoney(cents: number, currency: string, language: string): string {
  const text = formatAmount(Math.abs(cents), currency, language)
  return cents > 0 ? `+${text}` : cents < 0 ? `\u2212${text}` : text
}
