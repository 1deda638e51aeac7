import { describe, expect, it } from 'vitest'
import { testClock } from './clock.ts'

describe('testClock', () => {
  it('runs with the real time from where the test puts it', () => {
    const clock = testClock(Date.UTC(2030, 0, 1))
    const start = clock.now().getTime()
    expect(Math.abs(start - Date.UTC(2030, 0, 1))).toBeLessThan(1_000)
    const later = clock.advance(3_600_000).getTime()
    expect(later - start).toBeGreaterThanOrEqual(3_600_000)
    expect(later - start).toBeLessThan(3_600_000 + 1_000)
    clock.set(new Date(Date.UTC(2020, 5, 1)))
    expect(Math.abs(clock.now().getTime() - Date.UTC(2020, 5, 1))).toBeLessThan(1_000)
    const back = clock.advance(-60_000).getTime()
    expect(Math.abs(back - (Date.UTC(2020, 5, 1) - 60_000))).toBeLessThan(1_000)
  })
})
