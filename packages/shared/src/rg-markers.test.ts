import { describe, expect, it } from 'vitest'
import { evaluateMarkers, nightMs, playSessions, RG_THRESHOLDS, type MarkerInput } from './rg-markers.ts'

const at = (iso: string) => new Date(iso)
const span = (start: string, end: string) => ({ start: at(start), end: at(end) })
const base = (over: Partial<MarkerInput> = {}): MarkerInput => ({
  window: span('2026-03-08T00:00:00Z', '2026-03-15T00:00:00Z'),
  baseline: span('2026-02-06T00:00:00Z', '2026-03-08T00:00:00Z'),
  windowDeposits: [],
  baselineDeposits: [],
  sessions: [],
  reversedWithdrawals: 0,
  ...over,
})

describe('markers of harm', () => {
  it('fires nothing for a quiet player', () => {
    const result = evaluateMarkers(
      base({
        windowDeposits: [{ day: '2026-03-09', currency: 'EUR', count: 1, amount: 2_000n }],
        baselineDeposits: [{ currency: 'EUR', count: 4, amount: 8_000n }],
        sessions: [span('2026-03-09T19:00:00Z', '2026-03-09T20:00:00Z')],
        reversedWithdrawals: 1,
      }),
    )
    expect(result.fired).toEqual([])
    expect(result.play).toMatchObject({ total_minutes: 60, longest_session_minutes: 60, night_minutes: 0 })
  })

  it('fires on deposits per day at 3 times the baseline with 3 on one day, not below either', () => {
    // Baseline: 30 deposits in 30 days (1 a day). Window: 21 in 7 days (3 a day), 3 on the busiest.
    const windowDeposits = Array.from({ length: 7 }, (_, i) => ({
      day: `2026-03-${String(8 + i).padStart(2, '0')}`,
      currency: 'EUR',
      count: 3,
      amount: 3_000n,
    }))
    const fired = evaluateMarkers(
      base({ windowDeposits, baselineDeposits: [{ currency: 'EUR', count: 30, amount: 30_000n }] }),
    )
    expect(fired.fired).toEqual(['deposits'])
    expect(fired.deposits).toMatchObject({
      count: 21,
      per_day: 3,
      baseline_count: 30,
      baseline_per_day: 1,
      ratio: 3,
      busiest_day: '2026-03-08',
      busiest_day_count: 3,
    })
    expect(fired.deposits.amounts).toEqual([
      {
        currency: 'EUR',
        amount: '21000',
        baseline_amount: '30000',
        per_day: '3000',
        baseline_per_day: '1000',
      },
    ])
    // One deposit more in the baseline: under 3 times.
    expect(
      evaluateMarkers(
        base({ windowDeposits, baselineDeposits: [{ currency: 'EUR', count: 31, amount: 31_000n }] }),
      ).fired,
    ).toEqual([])
    // Three times a small baseline, but never 3 on one day.
    expect(
      evaluateMarkers(
        base({
          windowDeposits: [
            { day: '2026-03-08', currency: 'EUR', count: 2, amount: 1n },
            { day: '2026-03-09', currency: 'EUR', count: 2, amount: 1n },
          ],
          baselineDeposits: [{ currency: 'EUR', count: 1, amount: 1n }],
        }),
      ).fired,
    ).toEqual([])
    // No baseline: 3 deposits on a day fire (currencies together), with no ratio to show.
    const fresh = evaluateMarkers(
      base({
        windowDeposits: [
          { day: '2026-03-10', currency: 'EUR', count: 2, amount: 5_000n },
          { day: '2026-03-10', currency: 'BTC', count: 1, amount: 10_000n },
        ],
      }),
    )
    expect(fresh.fired).toEqual(['deposits'])
    expect(fresh.deposits.ratio).toBeNull()
  })

  it('fires on a play session of 3 hours, joined across short pauses, counted once for games open together', () => {
    // 2 h + 20 min pause + 1 h: one play session of 3 h 20 min.
    const long = evaluateMarkers(
      base({
        sessions: [
          span('2026-03-10T12:00:00Z', '2026-03-10T14:00:00Z'),
          span('2026-03-10T14:20:00Z', '2026-03-10T15:20:00Z'),
        ],
      }),
    )
    expect(long.fired).toEqual(['session'])
    expect(long.play).toMatchObject({
      longest_session_minutes: 200,
      total_minutes: 180,
      longest_session_start: '2026-03-10T12:00:00.000Z',
    })
    // A pause of more than 30 minutes: two sessions of 2 h and 1 h.
    expect(
      evaluateMarkers(
        base({
          sessions: [
            span('2026-03-10T12:00:00Z', '2026-03-10T14:00:00Z'),
            span('2026-03-10T14:31:00Z', '2026-03-10T15:31:00Z'),
          ],
        }),
      ).fired,
    ).toEqual([])
    // Two games open at once over the same 2 h are 2 h, not 4.
    const twoAtOnce = evaluateMarkers(
      base({
        sessions: [
          span('2026-03-10T12:00:00Z', '2026-03-10T14:00:00Z'),
          span('2026-03-10T12:00:00Z', '2026-03-10T14:00:00Z'),
        ],
      }),
    )
    expect(twoAtOnce.play.total_minutes).toBe(120)
    expect(twoAtOnce.fired).toEqual([])
    // 2 h 59 min 59 s is under the threshold.
    expect(
      evaluateMarkers(base({ sessions: [span('2026-03-10T12:00:00Z', '2026-03-10T14:59:59Z')] })).fired,
    ).toEqual([])
    expect(RG_THRESHOLDS.sessionMinutes).toBe(180)
  })

  it('fires on night play of half the time and at least an hour', () => {
    // 23:00–02:00: 2 h of 3 at night.
    const night = evaluateMarkers(base({ sessions: [span('2026-03-10T23:00:00Z', '2026-03-11T02:00:00Z')] }))
    expect(night.play).toMatchObject({ total_minutes: 180, night_minutes: 120, night_share: 0.67 })
    expect(night.fired).toEqual(['session', 'night_play'])
    // 50 minutes at night, all of the play: not an hour.
    expect(
      evaluateMarkers(base({ sessions: [span('2026-03-11T01:00:00Z', '2026-03-11T01:50:00Z')] })).fired,
    ).toEqual([])
    // An hour at night but 2 h by day: a third.
    expect(
      evaluateMarkers(
        base({
          sessions: [
            span('2026-03-11T05:00:00Z', '2026-03-11T06:00:00Z'),
            span('2026-03-11T12:00:00Z', '2026-03-11T14:00:00Z'),
          ],
        }),
      ).fired,
    ).toEqual([])
  })

  it('counts only what lies in the window', () => {
    // Play before the window's start counts for neither the time nor the night share...
    const result = evaluateMarkers(base({ sessions: [span('2026-03-07T22:00:00Z', '2026-03-08T01:00:00Z')] }))
    expect(result.play).toMatchObject({ total_minutes: 60, night_minutes: 60, night_share: 1 })
    // ...but a play session that crosses the start is one session of its whole length.
    expect(result.play.longest_session_minutes).toBe(180)
    expect(result.fired).toEqual(['session', 'night_play'])
  })

  it('fires on 2 reversed withdrawals', () => {
    expect(evaluateMarkers(base({ reversedWithdrawals: 2 })).fired).toEqual(['reversed_withdrawals'])
    expect(evaluateMarkers(base({ reversedWithdrawals: 1 })).fired).toEqual([])
  })
})

describe('night and play sessions', () => {
  it('counts the hours from midnight to six, over several days', () => {
    const ms = (iso: string) => at(iso).getTime()
    expect(nightMs(ms('2026-03-10T05:00:00Z'), ms('2026-03-11T07:00:00Z'))).toBe(7 * 3_600_000)
    expect(nightMs(ms('2026-03-10T06:00:00Z'), ms('2026-03-10T23:59:00Z'))).toBe(0)
  })

  it('joins sessions across pauses up to the break, not beyond', () => {
    const sessions = playSessions([
      span('2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z'),
      span('2026-03-10T11:30:00Z', '2026-03-10T12:00:00Z'),
      span('2026-03-10T12:30:01Z', '2026-03-10T13:00:00Z'),
    ])
    expect(sessions.map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()])).toEqual([
      ['2026-03-10T10:00:00.000Z', '2026-03-10T12:00:00.000Z'],
      ['2026-03-10T12:30:01.000Z', '2026-03-10T13:00:00.000Z'],
    ])
  })
})
