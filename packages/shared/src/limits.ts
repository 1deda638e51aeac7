/**
 * Responsible-gambling limits (spec §3 user limit, §4 states, types, periods, lifetimes): the
 * rules, as pure functions of the limit and the time, so that the server enforces and the web app
 * shows exactly the same thing, and tests can move the clock.
 *
 * - Amount limits (deposit, wager, loss) cap money per period, per currency; a session limit caps
 *   the minutes of play per period. Periods start when the limit was set and repeat (a day is
 *   24 h, a week 7 days, a month a calendar month from the start day).
 * - Cooling-off and self-exclusion block play (and deposits) for a lifetime, from a day to forever.
 * - Tightening applies at once. Loosening or removing waits: the player confirms by the e-mailed
 *   link, and the change takes effect only once the cooling-off delay after the request has passed
 *   (24 h by default), whichever comes last. Until then the limit in force is the old one.
 * - Cooling-off and self-exclusion cannot be shortened or lifted: they end by themselves.
 */

import { parseAmount } from './money.ts'

export const LIMIT_TYPES = ['loss', 'wager', 'deposit', 'session', 'coolingoff', 'selfexclusion'] as const
export type LimitType = (typeof LIMIT_TYPES)[number]

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof LIMIT_PERIODS)[number]
/** Spec §4: day 1, week 2, month 3. */
export const PERIOD_ORDER: Record<LimitPeriod, number> = { day: 1, week: 2, month: 3 }

export const LIMIT_LIFETIMES = [
  'day',
  'day_3',
  'week',
  'month',
  'month_3',
  'month_6',
  'month_9',
  'month_12',
  'forever',
] as const
export type LimitLifetime = (typeof LIMIT_LIFETIMES)[number]

export const LIMIT_STATUSES = [
  'active',
  'confirmed',
  'confirmed_disable',
  'unconfirmed',
  'unconfirmed_disable',
] as const
export type LimitStatus = (typeof LIMIT_STATUSES)[number]

/** The default wait before a loosened or removed limit takes effect. */
export const LIMIT_CHANGE_DELAY_MS = 24 * 3_600_000
/** How long the e-mailed confirmation link of a loosening stays valid. */
export const LIMIT_CONFIRM_WINDOW_MS = 7 * 24 * 3_600_000

/** A session limit's most minutes per period: 31 days (the longest month). */
export const MAX_SESSION_MINUTES = 31 * 24 * 60

export type LimitInputProblem =
  | 'limits.amount_required'
  | 'limits.amount_format'
  | 'limits.amount_invalid'
  | 'limits.amount_too_big'
  | 'limits.minutes_format'
  | 'limits.minutes_invalid'
  | 'limits.minutes_above_max'

/**
 * What a player typed as a limit, read with the api's rules (amounts in minor units, more than
 * zero, safe integers; whole minutes from 1 to MAX_SESSION_MINUTES): the value, or why it is
 * refused as a locale key (with `max` for its message), each refusal its own message.
 */
export function parseLimitInput(
  text: string,
  kind: 'amount' | 'minutes',
  minorPerUnit: number,
): { value: number } | { problem: LimitInputProblem; max?: number } {
  const typed = text.trim()
  if (kind === 'minutes') {
    if (!typed) return { problem: 'limits.minutes_invalid' }
    if (!/^\d+$/.test(typed)) return { problem: 'limits.minutes_format' }
    const minutes = BigInt(typed)
    if (minutes < 1n) return { problem: 'limits.minutes_invalid' }
    if (minutes > BigInt(MAX_SESSION_MINUTES)) {
      return { problem: 'limits.minutes_above_max', max: MAX_SESSION_MINUTES }
    }
    return { value: Number(minutes) }
  }
  if (!typed) return { problem: 'limits.amount_required' }
  const parsed = parseAmount(typed, minorPerUnit)
  if (!parsed.ok)
    return { problem: parsed.problem === 'too_large' ? 'limits.amount_too_big' : 'limits.amount_format' }
  if (parsed.cents <= 0n) return { problem: 'limits.amount_invalid' }
  return { value: Number(parsed.cents) }
}

export const isAmountLimit = (type: LimitType) => type === 'deposit' || type === 'wager' || type === 'loss'
export const isPeriodLimit = (type: LimitType) => isAmountLimit(type) || type === 'session'
export const isExclusion = (type: LimitType) => type === 'coolingoff' || type === 'selfexclusion'

const DAY_MS = 24 * 3_600_000

/** `months` calendar months after `from`, the day of month clamped (31 Jan + 1 month = 28/29 Feb), same time of day (UTC). */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  )
}

/** The start of the `n`th period after `anchor` (n = 0 is the anchor). Months step from the anchor itself, never drift. */
function periodStart(period: LimitPeriod, anchor: Date, n: number): Date {
  if (period === 'day') return new Date(anchor.getTime() + n * DAY_MS)
  if (period === 'week') return new Date(anchor.getTime() + n * 7 * DAY_MS)
  return addMonths(anchor, n)
}

/** The period `now` falls in, for a limit whose periods start at `anchor`: [start, end). */
export function periodWindow(period: LimitPeriod, anchor: Date, now: Date): { start: Date; end: Date } {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: periodStart(period, anchor, 1) }
  const elapsed = now.getTime() - anchor.getTime()
  let n: number
  if (period === 'month') {
    // An estimate by average month length, then corrected to the exact calendar boundary.
    n = Math.max(0, Math.floor(elapsed / (30.44 * DAY_MS)) - 1)
    while (periodStart(period, anchor, n + 1).getTime() <= now.getTime()) n++
  } else {
    n = Math.floor(elapsed / ((period === 'day' ? 1 : 7) * DAY_MS))
  }
  return { start: periodStart(period, anchor, n), end: periodStart(period, anchor, n + 1) }
}

/** When a cooling-off or self-exclusion set at `from` ends; null: never. */
export function lifetimeEnd(lifetime: LimitLifetime, from: Date): Date | null {
  switch (lifetime) {
    case 'day':
      return new Date(from.getTime() + DAY_MS)
    case 'day_3':
      return new Date(from.getTime() + 3 * DAY_MS)
    case 'week':
      return new Date(from.getTime() + 7 * DAY_MS)
    case 'month':
      return addMonths(from, 1)
    case 'month_3':
      return addMonths(from, 3)
    case 'month_6':
      return addMonths(from, 6)
    case 'month_9':
      return addMonths(from, 9)
    case 'month_12':
      return addMonths(from, 12)
    case 'forever':
      return null
  }
}

/**
 * Spec §4: reached when the amount minus the absolute current value is 0 or less (in the limit's
 * currency and unit: minor units, or minutes for a session limit).
 */
export const amountReached = (amount: number, currentValue: number) => amount - Math.abs(currentValue) <= 0

/** What may still be spent (deposited, wagered, lost, played) in the period; never below 0. */
export const remaining = (amount: number, currentValue: number) =>
  Math.max(0, amount - Math.abs(currentValue))

/** A period limit's value: per currency for amounts (minor units), `minutes` for a session limit. */
export type LimitAmounts = Record<string, number>

/**
 * Whether replacing `current` with `proposed` only tightens it: no amount higher, no currency
 * dropped, a period no shorter (the same amount over a longer period allows less). A currency
 * added is a tightening (it had no limit).
 */
export function isTightening(
  current: { period: LimitPeriod; amounts: LimitAmounts },
  proposed: { period: LimitPeriod; amounts: LimitAmounts },
): boolean {
  if (PERIOD_ORDER[proposed.period] < PERIOD_ORDER[current.period]) return false
  for (const [currency, amount] of Object.entries(current.amounts)) {
    const next = proposed.amounts[currency]
    if (next === undefined || next > amount) return false
  }
  return true
}

/** A limit as stored: what is in force, and a loosening or removal that waits. */
export interface LimitRecord {
  type: LimitType
  period: LimitPeriod | null
  /** In force (period limits). */
  amounts: LimitAmounts
  /** Cooling-off and self-exclusion: its lifetime and end (null: forever). */
  lifetime: LimitLifetime | null
  endsAt: Date | null
  createdAt: Date
  /** Period limits start their periods here (the creation, or when a changed period took effect). */
  anchor: Date
  /** A loosening that waits: its period and amounts, or a removal (`pendingRemoval`). */
  pending: { period: LimitPeriod; amounts: LimitAmounts } | null
  pendingRemoval: boolean
  /** When the loosening was asked for, and when it was confirmed by the e-mailed link (null: not yet). */
  requestedAt: Date | null
  confirmedAt: Date | null
}

/** When a waiting change may take effect (the delay after the request), or null without one. */
export const changeDueAt = (limit: LimitRecord, delayMs = LIMIT_CHANGE_DELAY_MS) =>
  limit.requestedAt && (limit.pending || limit.pendingRemoval)
    ? new Date(limit.requestedAt.getTime() + delayMs)
    : null

/** When the confirmation link of a waiting change lapses, or null without one. */
export const confirmUntil = (limit: LimitRecord) =>
  limit.requestedAt && !limit.confirmedAt && (limit.pending || limit.pendingRemoval)
    ? new Date(limit.requestedAt.getTime() + LIMIT_CONFIRM_WINDOW_MS)
    : null

/** The state spec §4 names for a limit (settled to the time asked about: `settle`). */
export function limitStatus(limit: LimitRecord): LimitStatus {
  if (!limit.pending && !limit.pendingRemoval) return 'active'
  const confirmed = limit.confirmedAt !== null
  if (limit.pendingRemoval) return confirmed ? 'confirmed_disable' : 'unconfirmed_disable'
  return confirmed ? 'confirmed' : 'unconfirmed'
}

/**
 * The limit at `now`, with a waiting change applied once it is confirmed and due, or dropped once
 * its link lapsed unconfirmed; null when the limit is gone (removed, or an exclusion that ended).
 */
export function settle(limit: LimitRecord, now: Date, delayMs = LIMIT_CHANGE_DELAY_MS): LimitRecord | null {
  if (isExclusion(limit.type)) return limit.endsAt && limit.endsAt.getTime() <= now.getTime() ? null : limit
  const due = changeDueAt(limit, delayMs)
  if (!due) return limit
  const lapse = confirmUntil(limit)
  if (lapse && lapse.getTime() <= now.getTime()) {
    return { ...limit, pending: null, pendingRemoval: false, requestedAt: null, confirmedAt: null }
  }
  if (!limit.confirmedAt || due.getTime() > now.getTime()) return limit
  if (limit.pendingRemoval) return null
  const { period, amounts } = limit.pending!
  const effective = new Date(Math.max(due.getTime(), limit.confirmedAt.getTime()))
  return {
    ...limit,
    period,
    amounts,
    // A new period length starts its periods when it takes effect; the same one keeps its rhythm.
    anchor: period === limit.period ? limit.anchor : effective,
    pending: null,
    pendingRemoval: false,
    requestedAt: null,
    confirmedAt: null,
  }
}

export type LimitChange =
  | { kind: 'created'; limit: LimitRecord }
  | { kind: 'tightened'; limit: LimitRecord }
  | { kind: 'waiting'; limit: LimitRecord }
  | { kind: 'refused'; reason: 'exclusion_locked' }

/**
 * A player sets a limit (`existing` null: a new one) or asks to remove it (`proposed` null). Only
 * the limit in force is compared: a new request replaces a waiting one (and needs its own
 * confirmation).
 */
export function requestChange(
  existing: LimitRecord | null,
  proposed:
    | { type: LimitType; period: LimitPeriod; amounts: LimitAmounts }
    | { type: LimitType; lifetime: LimitLifetime }
    | null,
  now: Date,
): LimitChange {
  if (!existing) {
    if (!proposed) throw new Error('nothing to remove')
    return { kind: 'created', limit: fresh(proposed, now) }
  }
  if (isExclusion(existing.type)) {
    // Only a longer one: it ends by itself, never earlier than the player first chose.
    if (!proposed || !('lifetime' in proposed)) return { kind: 'refused', reason: 'exclusion_locked' }
    const end = lifetimeEnd(proposed.lifetime, now)
    const longer = existing.endsAt !== null && (end === null || end.getTime() > existing.endsAt.getTime())
    if (!longer) return { kind: 'refused', reason: 'exclusion_locked' }
    return { kind: 'tightened', limit: { ...existing, lifetime: proposed.lifetime, endsAt: end } }
  }
  const waiting = { requestedAt: now, confirmedAt: null }
  if (!proposed)
    return { kind: 'waiting', limit: { ...existing, pending: null, pendingRemoval: true, ...waiting } }
  if (!('period' in proposed)) throw new Error('a period limit needs a period')
  const next = { period: proposed.period, amounts: proposed.amounts }
  if (isTightening({ period: existing.period!, amounts: existing.amounts }, next)) {
    const anchor = next.period === existing.period ? existing.anchor : now
    return {
      kind: 'tightened',
      limit: {
        ...existing,
        ...next,
        anchor,
        pending: null,
        pendingRemoval: false,
        requestedAt: null,
        confirmedAt: null,
      },
    }
  }
  return { kind: 'waiting', limit: { ...existing, pending: next, pendingRemoval: false, ...waiting } }
}

function fresh(
  proposed:
    | { type: LimitType; period: LimitPeriod; amounts: LimitAmounts }
    | { type: LimitType; lifetime: LimitLifetime },
  now: Date,
): LimitRecord {
  const base = {
    type: proposed.type,
    createdAt: now,
    anchor: now,
    pending: null,
    pendingRemoval: false,
    requestedAt: null,
    confirmedAt: null,
  }
  if ('lifetime' in proposed) {
    return {
      ...base,
      period: null,
      amounts: {},
      lifetime: proposed.lifetime,
      endsAt: lifetimeEnd(proposed.lifetime, now),
    }
  }
  return { ...base, period: proposed.period, amounts: proposed.amounts, lifetime: null, endsAt: null }
}

/** The player confirmed a waiting change by its link (it still waits for the delay if that hasn't passed). */
export function confirmChange(limit: LimitRecord, now: Date): LimitRecord {
  if (!limit.pending && !limit.pendingRemoval) return limit
  return { ...limit, confirmedAt: limit.confirmedAt ?? now }
}
