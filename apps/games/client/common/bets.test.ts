import { describe, expect, it } from 'vitest'
import { betSteps, chipValues, defaultBet, stepBet } from './bets.ts'

describe('bet steps', () => {
  it('runs 1-2-5 between the bounds, bounds included', () => {
    expect(betSteps(10, 10_000)).toEqual([10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000])
    expect(betSteps(25, 300)).toEqual([25, 50, 100, 200, 300])
    expect(betSteps(100, 100)).toEqual([100])
  })

  it('keeps every slot step a multiple of the coins per bet', () => {
    const steps = betSteps(10, 10_000, 20)
    expect(steps).toEqual([20, 40, 100, 200, 400, 1000, 2000, 4000, 10_000])
    for (const multiple of [10, 20, 25, 50, 243]) {
      for (const s of betSteps(1, 50_000, multiple)) expect(s % multiple).toBe(0)
    }
    // Bounds that are not multiples are rounded inwards.
    expect(betSteps(30, 110, 25)).toEqual([50, 100])
    expect(betSteps(30, 40, 25)).toEqual([])
  })

  it('steps up and down and stops at the ends', () => {
    const steps = [20, 40, 100]
    expect(stepBet(steps, 20, 1)).toBe(40)
    expect(stepBet(steps, 100, 1)).toBe(100)
    expect(stepBet(steps, 40, -1)).toBe(20)
    expect(stepBet(steps, 20, -1)).toBe(20)
    expect(stepBet(steps, 30, 1)).toBe(40)
    expect(stepBet(steps, 30, -1)).toBe(20)
    expect(stepBet([], 30, 1)).toBe(30)
  })

  it('starts at the largest step not above the preferred bet', () => {
    expect(defaultBet([20, 40, 100, 200], 100)).toBe(100)
    expect(defaultBet([20, 40, 100, 200], 50)).toBe(40)
    expect(defaultBet([250, 500], 100)).toBe(250)
  })

  it('picks at most six chips spread over the range', () => {
    expect(chipValues(10, 100)).toEqual([10, 20, 50, 100])
    const chips = chipValues(10, 500_000)
    expect(chips.length).toBe(6)
    expect(chips[0]).toBe(10)
    expect(chips.at(-1)).toBe(500_000)
  })
})
