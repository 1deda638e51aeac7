import { describe, expect, it } from 'vitest'
import {
  addMonths,
  MAX_SESSION_MINUTES,
  parseLimitInput,
  amountReached,
  changeDueAt,
  confirmChange,
  isTightening,
  LIMIT_CHANGE_DELAY_MS,
  LIMIT_CONFIRM_WINDOW_MS,
  LIMIT_LIFETIMES,
  lifetimeEnd,
  limitStatus,
  periodWindow,
  remaining,
  requestChange,
  settle,
  type LimitRecord,
} from './limits.ts'

const at = (iso: string) => new Date(iso)
const ms = (d: Date) => d.toISOString()
const HOUR = 3_600_000
const later = (d: Date, millis: number) => new Date(d.getTime() + millis)

describe('limit periods (started when the limit was set, repeating)', () => {
  const anchor = at('2027-01-31T10:00:00.000Z')

  it('days are 24 h from the anchor: the boundary belongs to the next day', () => {
    expect(periodWindow('day', anchor, anchor)).toEqual({
      start: anchor,
      end: at('2027-02-01T10:00:00.000Z'),
    })
    const lastMs = at('2027-02-01T09:59:59.999Z')
    expect(ms(periodWindow('day', anchor, lastMs).start)).toBe('2027-01-31T10:00:00.000Z')
    const boundary = at('2027-02-01T10:00:00.000Z')
    expect(ms(periodWindow('day', anchor, boundary).start)).toBe('2027-02-01T10:00:00.000Z')
    expect(ms(periodWindow('day', anchor, at('2027-03-15T23:00:00.000Z')).end)).toBe(
      '2027-03-16T10:00:00.000Z',
    )
  })

  it('weeks are 7 days from the anchor', () => {
    expect(ms(periodWindow('week', anchor, at('2027-02-07T09:59:59.999Z')).end)).toBe(
      '2027-02-07T10:00:00.000Z',
    )
    expect(ms(periodWindow('week', anchor, at('2027-02-07T10:00:00.000Z')).start)).toBe(
      '2027-02-07T10:00:00.000Z',
    )
  })

  it('months are calendar months from the anchor day, clamped to short months, without drifting', () => {
    expect(ms(periodWindow('month', anchor, at('2027-02-10T00:00:00.000Z')).end)).toBe(
      '2027-02-28T10:00:00.000Z',
    )
    // 28 Feb 10:00 starts the second month; it ends on 31 Mar (the anchor's day), not 28 Mar.
    const second = periodWindow('month', anchor, at('2027-02-28T10:00:00.000Z'))
    expect([ms(second.start), ms(second.end)]).toEqual([
      '2027-02-28T10:00:00.000Z',
      '2027-03-31T10:00:00.000Z',
    ])
    expect(ms(periodWindow('month', anchor, at('2027-02-28T09:59:59.999Z')).start)).toBe(
      '2027-01-31T10:00:00.000Z',
    )
    // A leap year's February.
    expect(ms(addMonths(at('2028-01-31T10:00:00.000Z'), 1))).toBe('2028-02-29T10:00:00.000Z')
    // Far from the anchor, still exact.
    const far = periodWindow('month', anchor, at('2029-12-31T10:00:00.000Z'))
    expect([ms(far.start), ms(far.end)]).toEqual(['2029-12-31T10:00:00.000Z', '2030-01-31T10:00:00.000Z'])
  })
})

describe('lifetimes of cooling-off and self-exclusion', () => {
  it('end a day, 3 days, a week, 1/3/6/9/12 months later, or never', () => {
    const from = at('2027-01-31T10:00:00.000Z')
    const ends = Object.fromEntries(
      LIMIT_LIFETIMES.map((l) => [l, lifetimeEnd(l, from)?.toISOString() ?? null]),
    )
    expect(ends).toEqual({
      day: '2027-02-01T10:00:00.000Z',
      day_3: '2027-02-03T10:00:00.000Z',
      week: '2027-02-07T10:00:00.000Z',
      month: '2027-02-28T10:00:00.000Z',
      month_3: '2027-04-30T10:00:00.000Z',
      month_6: '2027-07-31T10:00:00.000Z',
      month_9: '2027-10-31T10:00:00.000Z',
      month_12: '2028-01-31T10:00:00.000Z',
      forever: null,
    })
  })
})

describe('reached (spec §4: amount minus the absolute current value is 0 or less)', () => {
  it('at the amount and beyond, not a cent before', () => {
    expect(amountReached(5_000, 4_999)).toBe(false)
    expect(amountReached(5_000, 5_000)).toBe(true)
    expect(amountReached(5_000, 7_000)).toBe(true)
    expect(amountReached(5_000, -5_000)).toBe(true)
    expect(remaining(5_000, 1_200)).toBe(3_800)
    expect(remaining(5_000, 9_000)).toBe(0)
  })
})

describe('tightening', () => {
  const week100 = { period: 'week' as const, amounts: { EUR: 10_000 } }
  it('is a lower or equal amount over an equal or longer period, keeping every currency', () => {
    expect(isTightening(week100, { period: 'week', amounts: { EUR: 5_000 } })).toBe(true)
    expect(isTightening(week100, { period: 'month', amounts: { EUR: 10_000 } })).toBe(true)
    expect(isTightening(week100, { period: 'week', amounts: { EUR: 10_000, USD: 1 } })).toBe(true)
    expect(isTightening(week100, { period: 'week', amounts: { EUR: 10_001 } })).toBe(false)
    expect(isTightening(week100, { period: 'day', amounts: { EUR: 10_000 } })).toBe(false)
    expect(isTightening(week100, { period: 'week', amounts: { USD: 1 } })).toBe(false)
  })
})

const t0 = at('2027-03-01T12:00:00.000Z')
const deposit50 = (): LimitRecord => {
  const change = requestChange(null, { type: 'deposit', period: 'day', amounts: { EUR: 5_000 } }, t0)
  if (change.kind !== 'created') throw new Error(change.kind)
  return change.limit
}

describe('changing an amount limit (deposit, wager, loss, session)', () => {
  it('applies a stricter limit at once, keeping its periods when the period is the same', () => {
    const limit = deposit50()
    const change = requestChange(
      limit,
      { type: 'deposit', period: 'day', amounts: { EUR: 2_000 } },
      later(t0, 5 * HOUR),
    )
    expect(change.kind).toBe('tightened')
    if (change.kind !== 'tightened') return
    expect(change.limit.amounts).toEqual({ EUR: 2_000 })
    expect(change.limit.anchor).toEqual(t0)
    expect(limitStatus(change.limit)).toBe('active')
    // A longer period starts its periods now.
    const monthly = requestChange(
      limit,
      { type: 'deposit', period: 'month', amounts: { EUR: 5_000 } },
      later(t0, HOUR),
    )
    expect(monthly.kind === 'tightened' && monthly.limit.anchor).toEqual(later(t0, HOUR))
  })

  it('keeps the old limit after a raise until it is confirmed and 24 h have passed', () => {
    const requested = later(t0, HOUR)
    const raise = requestChange(
      deposit50(),
      { type: 'deposit', period: 'day', amounts: { EUR: 10_000 } },
      requested,
    )
    expect(raise.kind).toBe('waiting')
    if (raise.kind !== 'waiting') return
    expect(limitStatus(raise.limit)).toBe('unconfirmed')
    expect(changeDueAt(raise.limit)).toEqual(later(requested, LIMIT_CHANGE_DELAY_MS))
    // Not confirmed: the delay passing changes nothing.
    const unconfirmed = settle(raise.limit, later(requested, 2 * LIMIT_CHANGE_DELAY_MS))!
    expect(unconfirmed.amounts).toEqual({ EUR: 5_000 })
    expect(limitStatus(unconfirmed)).toBe('unconfirmed')
    // Confirmed at once: still waits for the delay.
    const confirmed = confirmChange(raise.limit, later(requested, HOUR))
    expect(limitStatus(confirmed)).toBe('confirmed')
    expect(settle(confirmed, later(requested, LIMIT_CHANGE_DELAY_MS - 1))!.amounts).toEqual({ EUR: 5_000 })
    const applied = settle(confirmed, later(requested, LIMIT_CHANGE_DELAY_MS))!
    expect(applied.amounts).toEqual({ EUR: 10_000 })
    expect(limitStatus(applied)).toBe('active')
    expect(applied.anchor).toEqual(t0)
  })

  it('applies a raise confirmed after the delay at its confirmation, and drops one never confirmed', () => {
    const requested = later(t0, HOUR)
    const raise = requestChange(
      deposit50(),
      { type: 'deposit', period: 'week', amounts: { EUR: 90_000 } },
      requested,
    )
    if (raise.kind !== 'waiting') throw new Error(raise.kind)
    const lateConfirm = later(requested, 3 * LIMIT_CHANGE_DELAY_MS)
    const applied = settle(confirmChange(raise.limit, lateConfirm), lateConfirm)!
    expect(applied).toMatchObject({ period: 'week', amounts: { EUR: 90_000 }, anchor: lateConfirm })
    const lapsed = settle(raise.limit, later(requested, LIMIT_CONFIRM_WINDOW_MS))!
    expect(lapsed).toMatchObject({ period: 'day', amounts: { EUR: 5_000 }, pending: null })
    expect(limitStatus(lapsed)).toBe('active')
  })

  it('removes a limit only after confirmation and the delay', () => {
    const requested = later(t0, HOUR)
    const removal = requestChange(deposit50(), null, requested)
    if (removal.kind !== 'waiting') throw new Error(removal.kind)
    expect(limitStatus(removal.limit)).toBe('unconfirmed_disable')
    const confirmed = confirmChange(removal.limit, later(requested, 2 * HOUR))
    expect(limitStatus(confirmed)).toBe('confirmed_disable')
    expect(settle(confirmed, later(requested, LIMIT_CHANGE_DELAY_MS - 1))).not.toBeNull()
    expect(settle(confirmed, later(requested, LIMIT_CHANGE_DELAY_MS))).toBeNull()
  })

  it('lets a tightening replace a waiting raise, which then needs no confirmation', () => {
    const raise = requestChange(
      deposit50(),
      { type: 'deposit', period: 'day', amounts: { EUR: 9_000 } },
      later(t0, HOUR),
    )
    if (raise.kind !== 'waiting') throw new Error(raise.kind)
    const tighter = requestChange(
      raise.limit,
      { type: 'deposit', period: 'day', amounts: { EUR: 4_000 } },
      later(t0, 2 * HOUR),
    )
    expect(tighter.kind).toBe('tightened')
    expect(tighter.kind === 'tightened' && limitStatus(tighter.limit)).toBe('active')
    expect(tighter.kind === 'tightened' && tighter.limit.pending).toBeNull()
  })

  it('treats a session limit in minutes like an amount', () => {
    const session = requestChange(null, { type: 'session', period: 'day', amounts: { minutes: 120 } }, t0)
    if (session.kind !== 'created') throw new Error(session.kind)
    expect(
      requestChange(session.limit, { type: 'session', period: 'day', amounts: { minutes: 60 } }, t0).kind,
    ).toBe('tightened')
    expect(
      requestChange(session.limit, { type: 'session', period: 'day', amounts: { minutes: 180 } }, t0).kind,
    ).toBe('waiting')
  })
})

describe('cooling-off and self-exclusion', () => {
  it('end exactly at the end of their lifetime; forever never ends', () => {
    const cooling = requestChange(null, { type: 'coolingoff', lifetime: 'day' }, t0)
    if (cooling.kind !== 'created') throw new Error(cooling.kind)
    expect(settle(cooling.limit, later(t0, 24 * HOUR - 1))).not.toBeNull()
    expect(settle(cooling.limit, later(t0, 24 * HOUR))).toBeNull()
    const forever = requestChange(null, { type: 'selfexclusion', lifetime: 'forever' }, t0)
    if (forever.kind !== 'created') throw new Error(forever.kind)
    expect(settle(forever.limit, at('2100-01-01T00:00:00.000Z'))).not.toBeNull()
  })

  it('can be extended but never shortened or lifted', () => {
    const six = requestChange(null, { type: 'selfexclusion', lifetime: 'month_6' }, t0)
    if (six.kind !== 'created') throw new Error(six.kind)
    expect(requestChange(six.limit, null, later(t0, HOUR))).toEqual({
      kind: 'refused',
      reason: 'exclusion_locked',
    })
    expect(requestChange(six.limit, { type: 'selfexclusion', lifetime: 'month' }, later(t0, HOUR)).kind).toBe(
      'refused',
    )
    const longer = requestChange(six.limit, { type: 'selfexclusion', lifetime: 'month_12' }, later(t0, HOUR))
    expect(longer.kind).toBe('tightened')
    expect(longer.kind === 'tightened' && longer.limit.endsAt?.toISOString()).toBe('2028-03-01T13:00:00.000Z')
    const forever = requestChange(six.limit, { type: 'selfexclusion', lifetime: 'forever' }, later(t0, HOUR))
    expect(forever.kind === 'tightened' && forever.limit.endsAt).toBeNull()
    if (forever.kind !== 'tightened') return
    expect(requestChange(forever.limit, { type: 'selfexclusion', lifetime: 'month_12' }, t0).kind).toBe(
      'refused',
    )
  })
})

describe('a limit as typed (the limits form, with the api’s rules)', () => {
  it('reads amounts in minor units and minutes as whole numbers', () => {
    expect(parseLimitInput(' 50 ', 'amount', 100)).toEqual({ value: 5_000 })
    expect(parseLimitInput('12,50', 'amount', 100)).toEqual({ value: 1_250 })
    expect(parseLimitInput('90', 'minutes', 100)).toEqual({ value: 90 })
    expect(parseLimitInput(String(MAX_SESSION_MINUTES), 'minutes', 100)).toEqual({ value: 44_640 })
  })

  it('names each mistake on its own, not "greater than zero" for all', () => {
    const problem = (text: string, kind: 'amount' | 'minutes') => {
      const parsed = parseLimitInput(text, kind, 100)
      return 'problem' in parsed ? parsed.problem : null
    }
    expect(problem('', 'amount')).toBe('limits.amount_required')
    expect(problem('1e3', 'amount')).toBe('limits.amount_format')
    expect(problem('12.345', 'amount')).toBe('limits.amount_format')
    expect(problem('0', 'amount')).toBe('limits.amount_invalid')
    expect(problem('99999999999999999', 'amount')).toBe('limits.amount_too_big')
    expect(problem('1.5', 'minutes')).toBe('limits.minutes_format')
    expect(problem('0', 'minutes')).toBe('limits.minutes_invalid')
    expect(parseLimitInput('44641', 'minutes', 100)).toEqual({
      problem: 'limits.minutes_above_max',
      max: MAX_SESSION_MINUTES,
    })
  })
})
