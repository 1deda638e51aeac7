import { describe, expect, it } from 'vitest'
import { parseBound } from './history.ts'

describe('period bounds', () => {
  it('reads a date as a UTC day (to includes it) and a date-time with its offset', () => {
    expect(parseBound('2026-03-01', false)?.toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(parseBound('2026-03-01', true)?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(parseBound('2026-12-31', true)?.toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(parseBound('2026-03-01T00:00:00+01:00', false)?.toISOString()).toBe('2026-02-28T23:00:00.000Z')
    expect(parseBound('2026-03-01T10:20Z', true)?.toISOString()).toBe('2026-03-01T10:20:00.000Z')
  })

  it('refuses what is not a day or an exact time', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-3-1', 'today', '2026-03-01T10:00', '1709251200']) {
      expect(parseBound(text, false), text).toBeUndefined()
    }
  })
})
