import { describe, expect, it } from 'vitest'
import {
  RED_NUMBERS,
  ROULETTE_RTP,
  rouletteBetNumbers,
  roulettePayout,
  settleRoulette,
  spinRoulette,
  validateRouletteBet,
  type RouletteBet,
  type RouletteBetKind,
} from './roulette.ts'
import { Rng } from './rng.ts'
import { seededSource } from './seeded-source.ts'

const bet = (kind: RouletteBetKind, numbers: number[], amountCents = 100): RouletteBet => ({
  kind,
  numbers,
  amountCents,
})
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('validateRouletteBet', () => {
  it('accepts the legal bets of the standard layout, in any order', () => {
    const legal: RouletteBet[] = [
      bet('straight', [0]),
      bet('straight', [36]),
      bet('split', [1, 2]),
      bet('split', [2, 1]),
      bet('split', [1, 4]),
      bet('split', [33, 36]),
      bet('split', [0, 3]),
      bet('street', [34, 35, 36]),
      bet('street', [0, 1, 2]),
      bet('street', [0, 2, 3]),
      bet('corner', [1, 2, 4, 5]),
      bet('corner', [32, 33, 35, 36]),
      bet('corner', [0, 1, 2, 3]),
      bet('six_line', range(31, 36)),
      bet(
        'column',
        range(1, 12).map((i) => 3 * i - 1),
      ),
      bet('dozen', range(13, 24)),
      bet('red', [...RED_NUMBERS]),
      bet('black', []),
      bet('odd', []),
      bet(
        'even',
        range(1, 18).map((i) => 2 * i),
      ),
      bet('low', range(1, 18)),
      bet('high', []),
    ]
    for (const b of legal) expect(validateRouletteBet(b), `${b.kind} ${b.numbers.join(',')}`).toBe(true)
  })

  it('refuses numbers that do not form that bet, and bad amounts', () => {
    const illegal: RouletteBet[] = [
      bet('straight', [37]),
      bet('straight', [-1]),
      bet('straight', [1.5]),
      bet('straight', [1, 2]),
      bet('split', [3, 4]), // across the end of a row
      bet('split', [1, 3]),
      bet('split', [0, 4]),
      bet('split', [1, 1]),
      bet('street', [2, 3, 4]),
      bet('street', [0, 1, 3]),
      bet('corner', [3, 4, 6, 7]),
      bet('corner', [1, 2, 3, 4]),
      bet('six_line', range(2, 7)),
      bet('column', range(1, 12)),
      bet('dozen', range(2, 13)),
      bet('red', [1, 2]),
      bet('low', range(0, 17)),
      bet('dozen', []),
      bet('straight', [7], 0),
      bet('straight', [7], -100),
      bet('straight', [7], 2.5),
      { kind: 'basket' as RouletteBetKind, numbers: [0, 1, 2], amountCents: 100 },
    ]
    for (const b of illegal)
      expect(validateRouletteBet(b), `${b.kind} ${b.numbers.join(',')} ${b.amountCents}`).toBe(false)
  })
})

describe('settleRoulette', () => {
  it('returns stake and winnings of each winning bet: 35:1 straight … 1:1 even money', () => {
    const bets = [
      bet('straight', [17], 100),
      bet('split', [17, 20], 100),
      bet('street', [16, 17, 18], 100),
      bet('corner', [13, 14, 16, 17], 100),
      bet('six_line', range(13, 18), 100),
      bet(
        'column',
        range(1, 12).map((i) => 3 * i - 1),
        100,
      ),
      bet('dozen', range(13, 24), 100),
      bet('black', [], 100),
      bet('odd', [], 100),
      bet('low', [], 100),
      bet('red', [], 100),
      bet('straight', [0], 100),
    ]
    const { winCents, wins } = settleRoulette(bets, 17)
    expect(wins).toEqual([
      { index: 0, winCents: 3600 },
      { index: 1, winCents: 1800 },
      { index: 2, winCents: 1200 },
      { index: 3, winCents: 900 },
      { index: 4, winCents: 600 },
      { index: 5, winCents: 300 },
      { index: 6, winCents: 300 },
      { index: 7, winCents: 200 },
      { index: 8, winCents: 200 },
      { index: 9, winCents: 200 },
    ])
    expect(winCents).toBe(3600 + 1800 + 1200 + 900 + 600 + 300 + 300 + 200 * 3)
  })

  it('loses every outside bet on zero', () => {
    const outside = (['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => bet(kind, []))
    expect(settleRoulette([...outside, bet('dozen', range(1, 12)), bet('split', [0, 1], 50)], 0)).toEqual({
      winCents: 900,
      wins: [{ index: 7, winCents: 900 }],
    })
  })

  it('refuses an illegal bet', () => {
    expect(() => settleRoulette([bet('split', [3, 4])], 3)).toThrow(RangeError)
  })

  it('gives every bet an expected return of exactly 36/37', () => {
    const kinds: RouletteBet[] = [
      bet('straight', [5]),
      bet('split', [0, 2]),
      bet('street', [0, 2, 3]),
      bet('corner', [0, 1, 2, 3]),
      bet('six_line', range(1, 6)),
      bet(
        'column',
        range(1, 12).map((i) => 3 * i),
      ),
      bet('dozen', range(25, 36)),
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((kind) => bet(kind, [])),
    ]
    for (const b of kinds) {
      let returned = 0
      for (let pocket = 0; pocket <= 36; pocket++) returned += settleRoulette([b], pocket).winCents
      expect(returned / 37 / b.amountCents, b.kind).toBeCloseTo(ROULETTE_RTP, 15)
      expect(roulettePayout(b)).toBe(36 / rouletteBetNumbers(b).length - 1)
    }
  })
})

describe('spinRoulette', () => {
  it('lands on 0..36, each pocket about equally often', () => {
    const rng = new Rng(seededSource(11))
    const counts = new Array<number>(37).fill(0)
    for (let i = 0; i < 37_000; i++) counts[spinRoulette(rng)]!++
    const chi = counts.reduce((sum, count) => sum + (count - 1000) ** 2 / 1000, 0)
    // 36 degrees of freedom: P(chi² > 67.0) = 0.001.
    expect(chi).toBeLessThan(67)
  })

  it('has 18 red numbers', () => {
    expect(RED_NUMBERS).toHaveLength(18)
    expect(rouletteBetNumbers(bet('black', []))).toHaveLength(18)
    expect(rouletteBetNumbers(bet('black', [])).some((n) => RED_NUMBERS.includes(n))).toBe(false)
  })
})
