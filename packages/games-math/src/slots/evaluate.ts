import type { CompiledSlot } from './compile.ts'

/** A win found on a grid, in coins before the spin multiplier; symbol is an index. */
export interface CoinWin {
  kind: 'line' | 'ways' | 'scatter'
  line: number
  symbol: number
  count: number
  ways: number
  coins: number
  positions: Array<[reel: number, row: number]>
}

export interface LineOutcome {
  symbol: number
  count: number
  coins: number
}

/**
 * The win of one line given its five symbols (indices; any negative number that is not the wild
 * blocks every run). Rules (docs/games.md "Pay rules"): runs start on the leftmost reel; the wild
 * stands for every symbol but the scatter; the line pays only its best win, comparing
 *  - the leading wilds as the wild's own run (if the wild has pays), and
 *  - the run of the first non-wild symbol with the wilds before and inside it, multiplied by the
 *    wild multiplier when it contains a wild; a scatter there pays nothing on the line.
 * On a tie the symbol's run wins (it is the longer one). Returns the coins; fills `out` when > 0.
 */
export function lineWin(slot: CompiledSlot, s: ArrayLike<number>, out: LineOutcome): number {
  const wild = slot.wild
  let w = 0
  while (w < 5 && s[w] === wild) w++
  const wildCoins = w >= 3 ? slot.pays[wild * 6 + w]! : 0
  let symbolCoins = 0
  let x = -1
  let n = 0
  if (w < 5) {
    x = s[w]!
    if (x >= 0 && x !== slot.scatter) {
      n = w + 1
      let substituted = w > 0
      while (n < 5) {
        const next = s[n]!
        if (next === wild) substituted = true
        else if (next !== x) break
        n++
      }
      if (n >= 3) symbolCoins = slot.pays[x * 6 + n]! * (substituted ? slot.wildMultiplier : 1)
    }
  }
  if (symbolCoins === 0 && wildCoins === 0) return 0
  if (symbolCoins >= wildCoins) {
    out.symbol = x
    out.count = n
    out.coins = symbolCoins
  } else {
    out.symbol = wild
    out.count = w
    out.coins = wildCoins
  }
  return out.coins
}

/** Scatters visible on the grid (grid[reel * rows + row]). */
export function scatterCount(slot: CompiledSlot, grid: Int32Array): number {
  if (slot.scatter < 0) return 0
  let count = 0
  for (const symbol of grid) if (symbol === slot.scatter) count++
  return count
}

/**
 * Every win of a grid (grid[reel * rows + row], symbol indices): lines or ways, then the scatter
 * (its pay is a multiple of the total bet, i.e. scatterPays × coinsPerBet coins).
 */
export function evaluateGrid(slot: CompiledSlot, grid: Int32Array): CoinWin[] {
  const wins: CoinWin[] = slot.lines ? lineWins(slot, grid) : waysWins(slot, grid)
  const scatters = scatterCount(slot, grid)
  const scatterCoins = slot.scatterPays[Math.min(scatters, 5)]! * slot.coinsPerBet
  if (scatterCoins > 0) {
    const positions: Array<[number, number]> = []
    grid.forEach((symbol, i) => {
      if (symbol === slot.scatter) positions.push([Math.floor(i / slot.rows), i % slot.rows])
    })
    wins.push({
      kind: 'scatter',
      line: -1,
      symbol: slot.scatter,
      count: scatters,
      ways: 0,
      coins: scatterCoins,
      positions,
    })
  }
  return wins
}

const scratch = new Int32Array(5)

function lineWins(slot: CompiledSlot, grid: Int32Array): CoinWin[] {
  const wins: CoinWin[] = []
  const out: LineOutcome = { symbol: -1, count: 0, coins: 0 }
  const rows = slot.rows
  slot.lines!.forEach((line, index) => {
    for (let reel = 0; reel < 5; reel++) scratch[reel] = grid[reel * rows + line[reel]!]!
    if (lineWin(slot, scratch, out) === 0) return
    const positions: Array<[number, number]> = []
    for (let reel = 0; reel < out.count; reel++) positions.push([reel, line[reel]!])
    wins.push({
      kind: 'line',
      line: index,
      symbol: out.symbol,
      count: out.count,
      ways: 0,
      coins: out.coins,
      positions,
    })
  })
  return wins
}

/**
 * Ways: for each paying symbol, the reels from the left that show it (or the wild) at least once;
 * with 3 or more such reels it pays its count's pay once per way, the ways being the product of its
 * positions on those reels.
 */
function waysWins(slot: CompiledSlot, grid: Int32Array): CoinWin[] {
  const wins: CoinWin[] = []
  const rows = slot.rows
  for (const symbol of slot.payers) {
    let ways = 1
    let count = 0
    for (; count < 5; count++) {
      let here = 0
      for (let row = 0; row < rows; row++) {
        const s = grid[count * rows + row]!
        if (s === symbol || s === slot.wild) here++
      }
      if (here === 0) break
      ways *= here
    }
    if (count < 3) continue
    const coins = slot.pays[symbol * 6 + count]! * ways
    if (coins === 0) continue
    const positions: Array<[number, number]> = []
    for (let reel = 0; reel < count; reel++) {
      for (let row = 0; row < rows; row++) {
        const s = grid[reel * rows + row]!
        if (s === symbol || s === slot.wild) positions.push([reel, row])
      }
    }
    wins.push({ kind: 'ways', line: -1, symbol, count, ways, coins, positions })
  }
  return wins
}
