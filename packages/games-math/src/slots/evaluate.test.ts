import { describe, expect, it } from 'vitest'
import { Rng, type ByteSource } from '../rng.ts'
import { evaluateSlotGrid, playSlotRound } from './play.ts'
import { TINY_LINES, TINY_WAYS } from './test-configs.ts'

/** Five reels shown as rows of text: 'a a a b c' / 'b s w c d' / ... top row first. */
function grid(...rows: string[]): string[][] {
  const cells = rows.map((row) => row.split(' '))
  return [0, 1, 2, 3, 4].map((reel) => cells.map((row) => row[reel]!))
}

/** A line game's grid with the given middle row (line 0) and fillers elsewhere. */
const middle = (row: string): string[][] => grid('c d c d c', row, 'd c d c d')

/** Bet 500 cents on 5 coins: a coin is worth 100 cents. */
const BET = 500
const lineWins = (row: string): Array<{ symbol: string; count: number; winCents: number }> =>
  evaluateSlotGrid(TINY_LINES, middle(row), BET).wins.map(({ symbol, count, winCents }) => ({
    symbol,
    count,
    winCents,
  }))

describe('line pays', () => {
  it('pays leftmost-adjacent runs of 3, 4 and 5', () => {
    expect(lineWins('a a a b b')).toEqual([{ symbol: 'a', count: 3, winCents: 500 }])
    expect(lineWins('b b b b a')).toEqual([{ symbol: 'b', count: 4, winCents: 4000 }])
    expect(lineWins('c c c c c')).toEqual([{ symbol: 'c', count: 5, winCents: 800 }])
    // A run must start on the first reel.
    expect(lineWins('b a a a a')).toEqual([])
    expect(lineWins('a a b a a')).toEqual([])
  })

  it('lets the wild substitute, multiplying the win it helps', () => {
    expect(lineWins('w a a a b')).toEqual([{ symbol: 'a', count: 4, winCents: 2 * 1000 }])
    expect(lineWins('a a w a a')).toEqual([{ symbol: 'a', count: 5, winCents: 2 * 2000 }])
    expect(lineWins('a w w b b')).toEqual([{ symbol: 'a', count: 3, winCents: 2 * 500 }])
  })

  it('pays only the best of the wilds own run and the symbol run', () => {
    // Wild run of 3 pays 20 coins; a run of 4 with a wild pays 10 × 2 = 20: the tie goes to the symbol.
    expect(lineWins('w w w a b')).toEqual([{ symbol: 'a', count: 4, winCents: 2000 }])
    // Wild 3 = 20 coins against b × 4 with a wild = 40 × 2 = 80.
    expect(lineWins('w w w b a')).toEqual([{ symbol: 'b', count: 4, winCents: 8000 }])
    // Wild 4 = 50 coins against a × 5 with wilds = 20 × 2 = 40.
    expect(lineWins('w w w w a')).toEqual([{ symbol: 'w', count: 4, winCents: 5000 }])
    expect(lineWins('w w w w w')).toEqual([{ symbol: 'w', count: 5, winCents: 20_000 }])
  })

  it('never pays the scatter on a line, and a scatter ends a run', () => {
    expect(lineWins('w w s a a')).toEqual([])
    expect(lineWins('w s a a a')).toEqual([])
    expect(lineWins('a a s a a')).toEqual([])
    expect(lineWins('w w w s a')).toEqual([{ symbol: 'w', count: 3, winCents: 2000 }])
  })

  it('reports the line index and the positions of the run', () => {
    // Line 3 is the V: rows 0, 1, 2, 1, 0.
    const result = evaluateSlotGrid(TINY_LINES, grid('b c d c d', 'd b c d c', 'c d b c d'), BET)
    expect(result.wins).toEqual([
      {
        kind: 'line',
        line: 3,
        symbol: 'b',
        count: 3,
        winCents: 1000,
        positions: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      },
    ])
  })

  it('adds the line wins and the scatter, which pays anywhere as a multiple of the total bet', () => {
    const result = evaluateSlotGrid(TINY_LINES, grid('a a a c s', 's b b b d', 'c d s d c'), BET)
    expect(result.wins.map((win) => [win.kind, win.symbol, win.count, win.winCents])).toEqual([
      ['line', 'a', 3, 500],
      ['scatter', 's', 3, 2 * BET],
    ])
    expect(result.winCents).toBe(500 + 1000)
    expect(result.scatters).toBe(3)
    expect(result.freeSpins).toBe(3)
    expect(result.wins[1]!.positions).toEqual([
      [0, 1],
      [2, 2],
      [4, 0],
    ])
  })

  it('applies the spin multiplier to every win', () => {
    expect(evaluateSlotGrid(TINY_LINES, middle('a a a b b'), BET, 3).winCents).toBe(1500)
  })

  it('refuses bets that are not a positive multiple of coinsPerBet', () => {
    expect(() => evaluateSlotGrid(TINY_LINES, middle('a a a b b'), 7)).toThrow(RangeError)
    expect(() => playSlotRound(TINY_LINES, new Rng(scripted([])), 0)).toThrow(RangeError)
    expect(() => playSlotRound(TINY_LINES, new Rng(scripted([])), 12.5)).toThrow(RangeError)
  })
})

describe('ways pays', () => {
  /** Bet 50 cents on 50 coins: a coin is a cent. Reels given as columns, top row first. */
  const ways = (...reels: string[]): ReturnType<typeof evaluateSlotGrid> =>
    evaluateSlotGrid(
      TINY_WAYS,
      reels.map((reel) => reel.split(' ')),
      50,
    )

  it('multiplies the positions of each reel from the left, the wild counting for every symbol', () => {
    const result = ways('a a b g', 'a w b g', 'a b b g', 'b b g g', 'g b b s')
    expect(
      result.wins.map(({ kind, symbol, count, ways: n, winCents }) => ({
        kind,
        symbol,
        count,
        ways: n,
        winCents,
      })),
    ).toEqual([
      // a: 2 × 2 (a and the wild) × 1, and none on reel 4: 4 ways of 3 at 1 coin.
      { kind: 'ways', symbol: 'a', count: 3, ways: 4, winCents: 4 },
      // b: 1 × 2 × 2 × 2 × 2 = 16 ways of 5 at 6 coins.
      { kind: 'ways', symbol: 'b', count: 5, ways: 16, winCents: 96 },
      // g: 1 × 2 × 1 × 2 × 1 = 4 ways of 5 at 40 coins.
      { kind: 'ways', symbol: 'g', count: 5, ways: 4, winCents: 160 },
    ])
    expect(result.wins[0]!.positions).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
    ])
  })

  it('needs the symbol on each of the first three reels', () => {
    expect(ways('a b b b', 'a g g g', 'g b b b', 'a a a a', 'a a a a').wins).toEqual([])
  })

  it('pays the scatter anywhere on top of the ways', () => {
    const result = ways('s b b b', 'b a a a', 's b a a', 'a a a a', 's a a a')
    expect(result.wins.map(({ kind, symbol, winCents }) => [kind, symbol, winCents])).toEqual([
      // b: 3 × 1 × 1 ways of 3 (none on reel 4) at 1 coin.
      ['ways', 'b', 3],
      ['scatter', 's', 50],
    ])
    expect(result.freeSpins).toBe(5)
  })
})

/** A source that plays back 32-bit words: each word below the strip length is that reel's stop. */
function scripted(values: number[]): ByteSource {
  const bytes = new Uint8Array(values.length * 4 + 64)
  const view = new DataView(bytes.buffer)
  values.forEach((value, i) => view.setUint32(i * 4, value))
  let offset = 0
  return {
    bytes(n: number): Uint8Array {
      if (offset >= values.length * 4) throw new Error('script exhausted')
      const out = bytes.slice(offset, offset + n)
      offset += n
      return out
    },
  }
}

describe('playSlotRound', () => {
  // Stops 0 on reels 1–3 show s, a, b from the top; stop 5 shows fillers only (no win).
  const TRIGGER = [0, 0, 0, 5, 5]
  const BLANK = [5, 5, 5, 5, 5]

  it('plays the free spins a trigger awards, retriggers included, with the multiplier', () => {
    const rng = new Rng(scripted([...TRIGGER, ...TRIGGER, ...BLANK, ...BLANK, ...BLANK, ...BLANK, ...BLANK]))
    const round = playSlotRound(TINY_LINES, rng, BET)
    // Base spin: a a a and b b b on lines 0 and 2 (5 + 10 coins), 3 scatters (2 × bet) and 3 free spins.
    expect(round.spins).toHaveLength(1 + 6)
    expect(round.freeSpinsAwarded).toBe(6)
    const [base, first, ...rest] = round.spins
    expect(base).toMatchObject({ free: false, stops: TRIGGER, multiplier: 1, winCents: 1500 + 2 * BET })
    expect(base!.grid[0]).toEqual(['s', 'a', 'b'])
    expect(first).toMatchObject({ free: true, stops: TRIGGER, multiplier: 3, winCents: 3 * (1500 + 2 * BET) })
    for (const spin of rest) expect(spin).toMatchObject({ free: true, stops: BLANK, winCents: 0, wins: [] })
    expect(round.winCents).toBe(4 * (1500 + 2 * BET))
    expect(rng.draws).toBe(35)
  })

  it('decides one reel stop per draw, reels left to right', () => {
    const rng = new Rng(scripted(BLANK))
    const round = playSlotRound(TINY_LINES, rng, BET)
    expect(round).toMatchObject({ betCents: BET, winCents: 0, freeSpinsAwarded: 0 })
    expect(round.spins).toHaveLength(1)
    expect(rng.draws).toBe(5)
  })

  it('awards free spins without retrigger in a game that has none', () => {
    // TINY_WAYS: stops 4, 3, 5, 4, 2 put the scatter on every reel.
    const rng = new Rng(scripted([4, 3, 5, 4, 2, ...Array.from({ length: 100 * 5 }, () => 4)]))
    const round = playSlotRound(TINY_WAYS, rng, 50)
    expect(round.spins[0]!.wins.find((win) => win.kind === 'scatter')).toMatchObject({
      count: 5,
      winCents: 100 * 50,
    })
    expect(round.freeSpinsAwarded).toBe(10)
    expect(round.spins).toHaveLength(11)
    expect(round.spins.slice(1).every((spin) => spin.free && spin.multiplier === 2)).toBe(true)
  })
})
