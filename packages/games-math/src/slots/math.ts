import { compileSlot, windowAt, type CompiledSlot } from './compile.ts'
import { lineWin, type LineOutcome } from './evaluate.ts'
import { maxBaseWinCoins } from './max-win.ts'
import type { SlotConfig } from './types.ts'

/** The return of a configuration, without the costlier hit rate and maximum win. */
export interface SlotReturn {
  /** Exact theoretical return to player: baseRtp + featureRtp. */
  rtp: number
  /** Return of the base spin alone (its line or ways wins and scatter pay). */
  baseRtp: number
  /** Return of the free spins, per base spin. */
  featureRtp: number
  /** Probability that a base spin triggers free spins. */
  featureFrequency: number
  /** Expected free spins per base spin, retriggers included. */
  freeSpinsPerSpin: number
}

export interface SlotMath extends SlotReturn {
  /** Probability that a base spin pays anything (a line, a way or the scatter). */
  hitRate: number
  /** The largest win one base spin can show on these strips, as a multiple of the bet (free spins excluded). */
  maxWinX: number
}

/** Stands for "any symbol that ends every run" once a line's outcome no longer depends on later reels. */
const BLOCKER = -2

/**
 * Exact mathematics of a configuration, with no simulation (docs/games.md "Theoretical RTP"):
 * reels stop independently and uniformly, so
 *  - lines: the symbol a line shows on a reel is distributed like the strip's symbol counts,
 *    whatever its row; one line's expected win is a sum over the 5-symbol combinations (enumerated
 *    depth-first, stopping as soon as later reels cannot change the outcome), times the number of
 *    lines;
 *  - ways: a symbol's ways to k reels are a product of independent per-reel counts, so their
 *    expectation is the product of the per-reel expectations (windows enumerated per reel);
 *  - scatter: the count's distribution is the convolution of the per-reel distributions;
 *  - free spins: every free spin has the base spin's expected win times the multiplier, and by
 *    Wald's identity the feature's return is that times the expected number of free spins, which
 *    is t = Σ P(k scatters) × spins(k) per base spin without retriggers and t / (1 − t) with them
 *    (each free spin awards t more on average: a geometric series). The MAX_FREE_SPINS cap is ignored.
 * Expectations add linearly, so lines and scatter are computed separately and summed.
 */
export function slotMath(config: SlotConfig): SlotMath {
  const slot = compileSlot(config)
  return { ...slotReturn(config), hitRate: hitRate(slot), maxWinX: maxBaseWinCoins(slot) / slot.coinsPerBet }
}

/** The return part of slotMath alone (fast: the tuner calls it thousands of times). */
export function slotReturn(config: SlotConfig): SlotReturn {
  const slot = compileSlot(config)
  const lineCoins = slot.lines ? lineExpectation(slot) * slot.lines.length : waysExpectation(slot)
  const scatters = scatterDistribution(slot)
  let scatterCoins = 0
  let featureFrequency = 0
  let t = 0
  scatters.forEach((p, count) => {
    const capped = Math.min(count, 5)
    scatterCoins += p * slot.scatterPays[capped]! * slot.coinsPerBet
    t += p * slot.freeSpins[capped]!
    if (slot.freeSpins[capped]! > 0) featureFrequency += p
  })
  if (slot.retrigger && t >= 1)
    throw new Error(`${config.id}: free spins retrigger on average once per spin or more`)
  const freeSpinsPerSpin = slot.retrigger ? t / (1 - t) : t
  const baseCoins = lineCoins + scatterCoins
  const baseRtp = baseCoins / slot.coinsPerBet
  const featureRtp = freeSpinsPerSpin * slot.freeSpinMultiplier * baseRtp
  return {
    rtp: baseRtp + featureRtp,
    baseRtp,
    featureRtp,
    featureFrequency,
    freeSpinsPerSpin,
  }
}

/** Symbol probabilities of one reel as [symbol, probability] pairs (any row: every stop is equally likely). */
function reelDistribution(slot: CompiledSlot, reel: number): Array<[number, number]> {
  const strip = slot.strips[reel]!
  const counts = new Map<number, number>()
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1)
  return [...counts].map(([symbol, count]) => [symbol, count / strip.length])
}

/** True when the first `length` symbols already fix the line's outcome (both runs have ended). */
function decided(slot: CompiledSlot, s: Int32Array, length: number): boolean {
  let w = 0
  while (w < length && s[w] === slot.wild) w++
  if (w === length) return false
  const x = s[w]!
  if (x === slot.scatter) return true
  for (let i = w + 1; i < length; i++) if (s[i] !== x && s[i] !== slot.wild) return true
  return false
}

/** Expected coins of one line. */
export function lineExpectation(slot: CompiledSlot): number {
  const distributions = [0, 1, 2, 3, 4].map((reel) => reelDistribution(slot, reel))
  const s = new Int32Array(5)
  const out: LineOutcome = { symbol: -1, count: 0, coins: 0 }
  const visit = (reel: number): number => {
    if (reel === 5 || (reel >= 1 && decided(slot, s, reel))) {
      for (let i = reel; i < 5; i++) s[i] = BLOCKER
      return lineWin(slot, s, out)
    }
    let sum = 0
    for (const [symbol, p] of distributions[reel]!) {
      s[reel] = symbol
      sum += p * visit(reel + 1)
    }
    return sum
  }
  return visit(0)
}

/** All windows of a reel, window i at [i * rows, (i + 1) * rows). */
function reelWindows(slot: CompiledSlot, reel: number): Int32Array {
  const length = slot.strips[reel]!.length
  const windows = new Int32Array(length * slot.rows)
  for (let stop = 0; stop < length; stop++) windowAt(slot, reel, stop, windows, stop * slot.rows)
  return windows
}

/** Per reel and paying symbol: how many positions of each window show it or the wild. */
function waysCounts(slot: CompiledSlot): Array<Map<number, Int32Array>> {
  return [0, 1, 2, 3, 4].map((reel) => {
    const windows = reelWindows(slot, reel)
    const stops = slot.strips[reel]!.length
    const bySymbol = new Map<number, Int32Array>()
    for (const symbol of slot.payers) {
      const counts = new Int32Array(stops)
      for (let stop = 0; stop < stops; stop++) {
        for (let row = 0; row < slot.rows; row++) {
          const s = windows[stop * slot.rows + row]!
          if (s === symbol || s === slot.wild) counts[stop]!++
        }
      }
      bySymbol.set(symbol, counts)
    }
    return bySymbol
  })
}

/** Expected coins of the ways wins of a spin. */
export function waysExpectation(slot: CompiledSlot): number {
  const counts = waysCounts(slot)
  let total = 0
  for (const symbol of slot.payers) {
    const mean: number[] = []
    const none: number[] = []
    for (let reel = 0; reel < 5; reel++) {
      const c = counts[reel]!.get(symbol)!
      let sum = 0
      let zero = 0
      for (const value of c) {
        sum += value
        if (value === 0) zero++
      }
      mean.push(sum / c.length)
      none.push(zero / c.length)
    }
    let product = 1
    for (let k = 1; k <= 5; k++) {
      product *= mean[k - 1]!
      if (k < 3) continue
      // Ways to exactly k reels: the first k show the symbol (product of expected counts), reel k does not.
      const ends = k === 5 ? 1 : none[k]!
      total += slot.pays[symbol * 6 + k]! * product * ends
    }
  }
  return total
}

/** Per reel: the probability of each number of scatters in the window. */
function reelScatterDistributions(slot: CompiledSlot): number[][] {
  return [0, 1, 2, 3, 4].map((reel) => {
    const windows = reelWindows(slot, reel)
    const stops = slot.strips[reel]!.length
    const distribution = new Array<number>(slot.rows + 1).fill(0)
    for (let stop = 0; stop < stops; stop++) {
      let count = 0
      for (let row = 0; row < slot.rows; row++) if (windows[stop * slot.rows + row] === slot.scatter) count++
      distribution[count]! += 1 / stops
    }
    return distribution
  })
}

/** Probability of each number of scatters on the grid. */
function scatterDistribution(slot: CompiledSlot): number[] {
  let total = [1]
  for (const reel of reelScatterDistributions(slot)) {
    const next = new Array<number>(total.length + reel.length - 1).fill(0)
    total.forEach((p, a) => reel.forEach((q, b) => (next[a + b]! += p * q)))
    total = next
  }
  return total
}

/**
 * Probability that a base spin pays. With every paying symbol (and the wild, in lines games) paying
 * for 3, a line or ways win exists exactly when the first three reels make one, so the first three
 * reels' windows are enumerated jointly (at most 80^3) together with their scatters, and reels 4–5
 * only add scatters.
 */
function hitRate(slot: CompiledSlot): number {
  const rows = slot.rows
  const windows = [0, 1, 2].map((reel) => reelWindows(slot, reel))
  const lengths = [0, 1, 2].map((reel) => slot.strips[reel]!.length)
  const scatters = [0, 1, 2].map((reel) =>
    Int32Array.from({ length: lengths[reel]! }, (_, stop) => {
      let count = 0
      for (let row = 0; row < rows; row++) if (windows[reel]![stop * rows + row] === slot.scatter) count++
      return count
    }),
  )
  // misses[k]: stop combinations of reels 1–3 that make no line or ways win and show k scatters.
  const misses = slot.lines ? lineMisses(slot, windows, scatters) : waysMisses(slot, windows, scatters)
  const reelScatters = reelScatterDistributions(slot)
  const lastTwo = new Array<number>(2 * rows + 1).fill(0)
  reelScatters[3]!.forEach((p, a) => reelScatters[4]!.forEach((q, b) => (lastTwo[a + b]! += p * q)))
  const combinations = lengths[0]! * lengths[1]! * lengths[2]!
  let miss = 0
  misses.forEach((count, a) => {
    lastTwo.forEach((p, b) => {
      if (slot.scatterPays[Math.min(a + b, 5)]! === 0) miss += (count / combinations) * p
    })
  })
  return 1 - miss
}

/** Adds every stop of reel 3 to the misses of a reel-1/2 pair that cannot win whatever reel 3 shows. */
function addAllThird(misses: number[], base: number, thirdScatters: Int32Array): void {
  for (const count of thirdScatters) misses[base + count]! += 1
}

function lineMisses(slot: CompiledSlot, windows: Int32Array[], scatters: Int32Array[]): number[] {
  const rows = slot.rows
  const n = slot.names.length
  const lines = slot.lines!
  const lineCount = lines.length
  const [l0, l1, l2] = scatters.map((s) => s.length) as [number, number, number]
  // Whether three symbols starting a line pay, whatever follows (see hitRate), and whether a pair
  // can start such a triple at all.
  const table = new Uint8Array(n * n * n)
  const pairCanHit = new Uint8Array(n * n)
  const s = new Int32Array(5).fill(BLOCKER)
  const out: LineOutcome = { symbol: -1, count: 0, coins: 0 }
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (let c = 0; c < n; c++) {
        s[0] = a
        s[1] = b
        s[2] = c
        if (lineWin(slot, s, out) > 0) {
          table[(a * n + b) * n + c] = 1
          pairCanHit[a * n + b] = 1
        }
      }
    }
  }
  // The third reel's symbol on each line, per stop.
  const third = new Int32Array(l2 * lineCount)
  for (let c = 0; c < l2; c++)
    lines.forEach((line, l) => (third[c * lineCount + l] = windows[2]![c * rows + line[2]!]!))
  const misses = new Array<number>(3 * rows + 1).fill(0)
  const open = new Int32Array(lineCount)
  for (let a = 0; a < l0; a++) {
    for (let b = 0; b < l1; b++) {
      const base = scatters[0]![a]! + scatters[1]![b]!
      // Lines whose first two symbols may still win, as table offsets.
      let openCount = 0
      for (let l = 0; l < lineCount; l++) {
        const line = lines[l]!
        const x = windows[0]![a * rows + line[0]!]!
        const y = windows[1]![b * rows + line[1]!]!
        // Table offset in the low 20 bits (n <= 32 symbols), line index above.
        if (pairCanHit[x * n + y] === 1) open[openCount++] = ((x * n + y) * n) | (l << 20)
      }
      if (openCount === 0) {
        addAllThird(misses, base, scatters[2]!)
        continue
      }
      for (let c = 0; c < l2; c++) {
        let hit = false
        for (let i = 0; i < openCount && !hit; i++) {
          const entry = open[i]!
          hit = table[(entry & 0xfffff) + third[c * lineCount + (entry >>> 20)]!] === 1
        }
        if (!hit) misses[base + scatters[2]![c]!]! += 1
      }
    }
  }
  return misses
}

function waysMisses(slot: CompiledSlot, windows: Int32Array[], scatters: Int32Array[]): number[] {
  const rows = slot.rows
  // A bit per paying symbol present (the wild sets them all); a win needs a bit common to reels 1–3.
  const masks = [0, 1, 2].map((reel) => {
    const length = scatters[reel]!.length
    const out = new Int32Array(length)
    for (let stop = 0; stop < length; stop++) {
      let mask = 0
      for (let row = 0; row < rows; row++) {
        const symbol = windows[reel]![stop * rows + row]!
        if (symbol === slot.wild) mask = -1
        else {
          const bit = slot.payers.indexOf(symbol)
          if (bit >= 0) mask |= 1 << bit
        }
      }
      out[stop] = mask
    }
    return out
  })
  const misses = new Array<number>(3 * rows + 1).fill(0)
  masks[0]!.forEach((first, a) => {
    masks[1]!.forEach((second, b) => {
      const base = scatters[0]![a]! + scatters[1]![b]!
      const both = first & second
      if (both === 0) return addAllThird(misses, base, scatters[2]!)
      masks[2]!.forEach((third, c) => {
        if ((both & third) === 0) misses[base + scatters[2]![c]!]! += 1
      })
    })
  })
  return misses
}
