import type { Rng } from './rng.ts'

/** European single-zero wheel: every bet returns 36/37 of its stake on average. */
export const ROULETTE_RTP = 36 / 37

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]

export type RouletteBetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'six_line'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high'

export interface RouletteBet {
  kind: RouletteBetKind
  /** The numbers covered. Even-money bets (red … high) may leave it empty: their numbers are fixed. */
  numbers: number[]
  amountCents: number
}

export interface RouletteSettlement {
  /** Everything returned: stake plus winnings of each winning bet. */
  winCents: number
  wins: Array<{ index: number; winCents: number }>
}

/** One draw: the pocket 0..36. */
export function spinRoulette(rng: Rng): number {
  return rng.int(37)
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/**
 * A set of pockets as a 37-bit number (bit n for pocket n, bits 32–36 above 2^32), or -1 when a
 * number is not a pocket or repeats. Cheaper than sorting: it runs for every bet settled.
 */
function mask(numbers: readonly number[]): number {
  let low = 0
  let high = 0
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n > 36) return -1
    if (n < 32) {
      if (low & (1 << n)) return -1
      low |= 1 << n
    } else {
      if (high & (1 << (n - 32))) return -1
      high |= 1 << (n - 32)
    }
  }
  return high * 0x1_0000_0000 + (low >>> 0)
}

const SETS: Record<RouletteBetKind, number[][]> = (() => {
  const rows = range(0, 11).map((r) => [3 * r + 1, 3 * r + 2, 3 * r + 3])
  const splits: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ]
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) splits.push([n, n + 1])
    if (n <= 33) splits.push([n, n + 3])
  }
  const corners: number[][] = [[0, 1, 2, 3]]
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) corners.push([n, n + 1, n + 3, n + 4])
  const evenMoney = (test: (n: number) => boolean): number[][] => [range(1, 36).filter(test)]
  return {
    straight: range(0, 36).map((n) => [n]),
    split: splits,
    street: [...rows, [0, 1, 2], [0, 2, 3]],
    corner: corners,
    six_line: range(0, 10).map((r) => [...rows[r]!, ...rows[r + 1]!]),
    column: [1, 2, 3].map((c) => range(1, 36).filter((n) => (n - c) % 3 === 0)),
    dozen: [0, 1, 2].map((d) => range(12 * d + 1, 12 * d + 12)),
    red: evenMoney((n) => RED_NUMBERS.includes(n)),
    black: evenMoney((n) => !RED_NUMBERS.includes(n)),
    odd: evenMoney((n) => n % 2 === 1),
    even: evenMoney((n) => n % 2 === 0),
    low: evenMoney((n) => n <= 18),
    high: evenMoney((n) => n >= 19),
  }
})()

const LEGAL = Object.fromEntries(
  Object.entries(SETS).map(([kind, list]) => [kind, new Set(list.map(mask))]),
) as Record<RouletteBetKind, Set<number>>

const EVEN_MONEY: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high']

/** The numbers a bet covers (the fixed 18 for an even-money bet given without numbers). */
export function rouletteBetNumbers(bet: Pick<RouletteBet, 'kind' | 'numbers'>): number[] {
  return [...covered(bet)]
}

/** rouletteBetNumbers without the copy, for settling (called for every bet of every spin). */
function covered(bet: Pick<RouletteBet, 'kind' | 'numbers'>): readonly number[] {
  if (bet.numbers.length === 0 && EVEN_MONEY.includes(bet.kind)) return SETS[bet.kind][0]!
  return bet.numbers
}

/** True when the numbers form a legal bet of that kind and the amount is a positive whole number of cents. */
export function validateRouletteBet(bet: RouletteBet): boolean {
  if (!Number.isSafeInteger(bet.amountCents) || bet.amountCents <= 0) return false
  if (!Object.hasOwn(LEGAL, bet.kind) || !Array.isArray(bet.numbers)) return false
  return LEGAL[bet.kind].has(mask(covered(bet)))
}

/**
 * Payout odds of a bet covering k numbers: 36/k − 1 to 1 (35:1 straight, 17:1 split, 11:1 street,
 * 8:1 corner, 5:1 six line, 2:1 column and dozen, 1:1 even money), so a winning bet returns
 * amount × 36/k and every bet's expected return is 36/37.
 */
export function roulettePayout(bet: Pick<RouletteBet, 'kind' | 'numbers'>): number {
  return 36 / covered(bet).length - 1
}

/** What the bets return on `result`. Throws on an illegal bet (validate first). */
export function settleRoulette(bets: RouletteBet[], result: number): RouletteSettlement {
  const wins: RouletteSettlement['wins'] = []
  let winCents = 0
  bets.forEach((bet, index) => {
    if (!validateRouletteBet(bet))
      throw new RangeError(`illegal roulette bet #${index}: ${bet.kind} ${bet.numbers.join(',')}`)
    const numbers = covered(bet)
    if (!numbers.includes(result)) return
    const win = (bet.amountCents * 36) / numbers.length
    wins.push({ index, winCents: win })
    winCents += win
  })
  return { winCents, wins }
}
