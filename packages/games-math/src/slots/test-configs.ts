import type { SlotConfig } from './types.ts'

/**
 * Small hand-made configurations for tests: few symbols and short strips, so that every stop
 * combination can be enumerated (brute force) and grids can be written by hand. Not in the catalogue.
 */

const fill = (length: number, pattern: string[]): string[] =>
  Array.from({ length }, (_, i) => pattern[i % pattern.length]!)

/** Lines, 3 rows, 5 lines, wild ×2 in line wins, scatter with retriggering free spins ×3. */
export const TINY_LINES: SlotConfig = {
  id: 'tiny-lines',
  title: 'Tiny Lines',
  studio: 'goldfinch',
  theme: 'fruits',
  rows: 3,
  mode: {
    kind: 'lines',
    lines: [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
      [0, 1, 2, 1, 0],
      [2, 1, 0, 1, 2],
    ],
  },
  coinsPerBet: 5,
  symbols: {
    a: { icon: 'cherry', kind: 'low', pays: [5, 10, 20] },
    b: { icon: 'bell', kind: 'high', pays: [10, 40, 100] },
    c: { icon: 'lemon', kind: 'low', pays: [2, 4, 8] },
    d: { icon: 'plum', kind: 'low', pays: [2, 4, 8] },
    w: { icon: 'wild', kind: 'wild', pays: [20, 50, 200] },
    s: { icon: 'scatter', kind: 'scatter', pays: [0, 0, 0] },
  },
  wild: { symbol: 'w', multiplier: 2 },
  scatter: { symbol: 's', pays: [2, 5, 10], freeSpins: [3, 4, 5], multiplier: 3, retrigger: true },
  volatility: 'medium',
  targetRtp: 0.95,
  // Reel r at stop 0 shows s, a, b; stops 3..: fillers only (c on even reels, d on odd ones: no line win).
  reels: [0, 1, 2, 3, 4].map((reel) => ['s', 'a', 'b', ...fill(17, [reel % 2 === 0 ? 'c' : 'd'])]),
}

/** The brute-force twin of TINY_LINES: same rules, strips of 5–7 so that all combinations can be listed. */
export const TINY_LINES_SHORT: SlotConfig = {
  ...TINY_LINES,
  id: 'tiny-lines-short',
  reels: [
    ['a', 'b', 'w', 'c', 's', 'd'],
    ['a', 'c', 'b', 's', 'd'],
    ['w', 'a', 'd', 'b', 's', 'c', 'a'],
    ['b', 'a', 's', 'c', 'w'],
    ['a', 'd', 'b', 's', 'c', 'w'],
  ],
}

/** Ways, 4 rows (1,024 ways), wild off the first reel, scatter without retrigger. */
export const TINY_WAYS: SlotConfig = {
  id: 'tiny-ways',
  title: 'Tiny Ways',
  studio: 'northwind',
  theme: 'gems',
  rows: 4,
  mode: { kind: 'ways' },
  coinsPerBet: 50,
  symbols: {
    a: { icon: 'ten', kind: 'low', pays: [1, 2, 5] },
    b: { icon: 'jack', kind: 'low', pays: [1, 3, 6] },
    g: { icon: 'gem', kind: 'high', pays: [4, 10, 40] },
    w: { icon: 'wild', kind: 'wild', pays: [0, 0, 0] },
    s: { icon: 'star', kind: 'scatter', pays: [0, 0, 0] },
  },
  wild: { symbol: 'w' },
  scatter: { symbol: 's', pays: [1, 10, 100], freeSpins: [5, 8, 10], multiplier: 2, retrigger: false },
  volatility: 'low',
  targetRtp: 0.95,
  reels: [
    ['a', 'b', 'g', 'a', 's', 'b', 'a', 'b'],
    ['a', 'w', 'b', 's', 'a', 'g', 'b'],
    ['b', 'a', 'g', 'w', 'a', 's', 'b', 'a'],
    ['g', 'a', 'b', 'b', 's', 'a', 'w'],
    ['a', 'b', 's', 'g', 'a', 'b', 'w', 'a'],
  ],
}
