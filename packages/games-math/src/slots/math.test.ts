import { describe, expect, it } from 'vitest'
import { Rng } from '../rng.ts'
import { seededSource } from '../seeded-source.ts'
import { LINES_3_ROWS } from './lines.ts'
import { slotMath } from './math.ts'
import { evaluateSlotGrid, playSlotRound } from './play.ts'
import { TINY_LINES, TINY_LINES_SHORT, TINY_WAYS } from './test-configs.ts'
import type { SlotConfig } from './types.ts'

/** Every stop combination of a base spin, evaluated one by one (bet = coinsPerBet cents: a coin is a cent). */
function bruteForce(config: SlotConfig): {
  baseRtp: number
  hitRate: number
  maxWinX: number
  featureFrequency: number
  freeSpinsPerBase: number
} {
  const lengths = config.reels.map((strip) => strip.length)
  const stops = [0, 0, 0, 0, 0]
  let combinations = 0
  let total = 0
  let hits = 0
  let max = 0
  let triggers = 0
  let freeSpins = 0
  for (;;) {
    const grid = config.reels.map((strip, reel) =>
      Array.from({ length: config.rows }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
    )
    const result = evaluateSlotGrid(config, grid, config.coinsPerBet)
    combinations++
    total += result.winCents
    if (result.winCents > 0) hits++
    max = Math.max(max, result.winCents)
    if (result.freeSpins > 0) triggers++
    freeSpins += result.freeSpins
    let reel = 4
    while (reel >= 0 && ++stops[reel]! === lengths[reel]) stops[reel--] = 0
    if (reel < 0) break
  }
  return {
    baseRtp: total / combinations / config.coinsPerBet,
    hitRate: hits / combinations,
    maxWinX: max / config.coinsPerBet,
    featureFrequency: triggers / combinations,
    freeSpinsPerBase: freeSpins / combinations,
  }
}

/** A random configuration with short strips (7 stops: 16,807 combinations). */
function randomConfig(seed: number, ways: boolean): SlotConfig {
  const rng = new Rng(seededSource(seed))
  const names = ['a', 'b', 'c', 'h', 'w']
  const reels = [0, 1, 2, 3, 4].map(() => {
    const strip = Array.from({ length: 6 }, () => names[rng.int(names.length)]!)
    strip.splice(rng.int(7), 0, 's')
    return strip
  })
  return {
    ...TINY_LINES,
    id: `random-${seed}`,
    mode: ways ? { kind: 'ways' } : { kind: 'lines', lines: LINES_3_ROWS.slice(0, 10) },
    coinsPerBet: ways ? 25 : 10,
    symbols: {
      a: { icon: 'ace', kind: 'low', pays: [1 + rng.int(3), 5, 10] },
      b: { icon: 'king', kind: 'low', pays: [2, 6, 12 + rng.int(10)] },
      c: { icon: 'queen', kind: 'low', pays: [2, 5, 8] },
      h: { icon: 'crown', kind: 'high', pays: [5, 20 + rng.int(20), 100] },
      w: { icon: 'wild', kind: 'wild', pays: ways ? [0, 0, 0] : [10, 50, 150] },
      s: { icon: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
    },
    wild: ways ? { symbol: 'w' } : { symbol: 'w', multiplier: 2 },
    scatter: { symbol: 's', pays: [1, 3, 20], freeSpins: [2, 3, 4], multiplier: 2, retrigger: false },
    reels,
  }
}

const expectMatchesBruteForce = (config: SlotConfig): void => {
  const math = slotMath(config)
  const brute = bruteForce(config)
  expect(math.baseRtp).toBeCloseTo(brute.baseRtp, 12)
  expect(math.hitRate).toBeCloseTo(brute.hitRate, 12)
  expect(math.maxWinX).toBe(brute.maxWinX)
  expect(math.featureFrequency).toBeCloseTo(brute.featureFrequency, 12)
  const t = brute.freeSpinsPerBase
  const perBase = config.scatter!.retrigger ? t / (1 - t) : t
  expect(math.freeSpinsPerSpin).toBeCloseTo(perBase, 12)
  expect(math.featureRtp).toBeCloseTo(perBase * config.scatter!.multiplier * brute.baseRtp, 12)
  expect(math.rtp).toBeCloseTo(math.baseRtp + math.featureRtp, 14)
}

/** Simulated return per bet of whole rounds: mean and standard error. */
function simulate(config: SlotConfig, rounds: number, seed: number): { mean: number; se: number } {
  const rng = new Rng(seededSource(seed))
  let sum = 0
  let squares = 0
  for (let i = 0; i < rounds; i++) {
    const x = playSlotRound(config, rng, config.coinsPerBet).winCents / config.coinsPerBet
    sum += x
    squares += x * x
  }
  const mean = sum / rounds
  return { mean, se: Math.sqrt((squares / rounds - mean * mean) / (rounds - 1)) }
}

describe('slotMath against exhaustive enumeration', () => {
  it('agrees on a tiny lines game (wild multiplier, scatter, all 6,300 stop combinations)', () => {
    expectMatchesBruteForce({
      ...TINY_LINES_SHORT,
      scatter: { ...TINY_LINES_SHORT.scatter!, retrigger: false },
    })
  })

  it('agrees on a tiny 4-row ways game (1,024 ways, 25,088 combinations)', () => {
    expectMatchesBruteForce(TINY_WAYS)
  }, 30_000)

  it('agrees on random short-strip games, lines and ways', () => {
    expectMatchesBruteForce(randomConfig(1, false))
    expectMatchesBruteForce(randomConfig(2, true))
  }, 30_000)

  it('refuses retriggering free spins that would never end on average', () => {
    expect(() => slotMath(TINY_LINES_SHORT)).toThrow(/retrigger/)
  })
})

describe('slotMath against simulation of whole rounds (free spins and retriggers included)', () => {
  it.each([
    // Its scatter shows on half the stops: about 3 free spins per round, so fewer rounds.
    ['a tiny ways game', 20_000, TINY_WAYS],
    ['a retriggering lines game', 100_000, TINY_LINES],
    ['a random lines game', 50_000, randomConfig(3, false)],
  ])(
    '%s: within 4 standard errors over %i rounds',
    (_name, rounds, config) => {
      const { rtp } = slotMath(config)
      const { mean, se } = simulate(config, rounds, 7)
      expect(Math.abs(mean - rtp)).toBeLessThan(4 * se)
    },
    30_000,
  )
})
