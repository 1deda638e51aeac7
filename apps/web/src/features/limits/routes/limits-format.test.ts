import { describe, expect, it } from 'vitest'
import { countdownParts } from './limits-format.ts'

describe('the countdown to a waiting change', () => {
  it('counts whole hours and minutes, rounding up to the minute', () => {
    expect(countdownParts(24 * 3_600_000)).toEqual({ hours: 24, minutes: 0 })
    expect(countdownParts(23 * 3_600_000 + 59 * 60_000 + 1)).toEqual({ hours: 24, minutes: 0 })
    expect(countdownParts(90 * 60_000 - 30_000)).toEqual({ hours: 1, minutes: 30 })
    expect(countdownParts(1)).toEqual({ hours: 0, minutes: 1 })
  })
  it('is over once the moment has come', () => {
    expect(countdownParts(0)).toBeNull()
    expect(countdownParts(-5_000)).toBeNull()
  })
})
