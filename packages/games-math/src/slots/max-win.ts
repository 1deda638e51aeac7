import { windowAt, type CompiledSlot } from './compile.ts'
import { lineWin, type LineOutcome } from './evaluate.ts'

const BLOCKER = -2

/**
 * The largest base-spin win (coins) over every stop combination, found exactly by branch and bound:
 * reels are fixed left to right and a partial combination is abandoned when an upper bound of what
 * it can still reach (each line or symbol at its best completion, the scatter with every remaining
 * reel showing one) cannot beat the best complete combination found so far. The bound ignores that
 * lines share positions, so it is loose but safe; in practice few partial combinations survive.
 */
export function maxBaseWinCoins(slot: CompiledSlot): number {
  const rows = slot.rows
  const windows = [0, 1, 2, 3, 4].map((reel) => {
    const length = slot.strips[reel]!.length
    const all: Int32Array[] = []
    const seen = new Set<string>()
    for (let stop = 0; stop < length; stop++) {
      const window = new Int32Array(rows)
      windowAt(slot, reel, stop, window)
      // Equal windows reach equal wins: keep one of each.
      const key = window.join(',')
      if (seen.has(key)) continue
      seen.add(key)
      all.push(window)
    }
    return all
  })
  const scatterIn = (window: Int32Array): number => window.filter((s) => s === slot.scatter).length
  // The most scatters each reel can show, and from each reel to the last.
  const scatterMax = windows.map((reel) => Math.max(...reel.map(scatterIn)))
  const scatterRest = [0, 1, 2, 3, 4, 5].map((reel) => scatterMax.slice(reel).reduce((a, b) => a + b, 0))
  const scatterPay = (count: number): number => {
    let best = 0
    for (let k = 0; k <= Math.min(count, 5); k++) best = Math.max(best, slot.scatterPays[k]!)
    return best * slot.coinsPerBet
  }
  const chosen: Int32Array[] = []
  let best = 0
  const bound = slot.lines ? linesBound(slot) : waysBound(slot)
  const visit = (reel: number, scatters: number): void => {
    if (reel === 5) {
      best = Math.max(best, bound(chosen, 5) + slot.scatterPays[Math.min(scatters, 5)]! * slot.coinsPerBet)
      return
    }
    for (const window of windows[reel]!) {
      chosen[reel] = window
      const count = scatters + scatterIn(window)
      if (bound(chosen, reel + 1) + scatterPay(count + scatterRest[reel + 1]!) > best) visit(reel + 1, count)
    }
  }
  visit(0, 0)
  return best
}

type Bound = (chosen: Int32Array[], fixed: number) => number

/** Lines: each line's exact win when its outcome is fixed, else the best its open run could still pay. */
function linesBound(slot: CompiledSlot): Bound {
  const lines = slot.lines!
  const wild = slot.wild
  let bestFive = 0
  for (const symbol of slot.payers)
    bestFive = Math.max(bestFive, slot.pays[symbol * 6 + 5]! * slot.wildMultiplier)
  if (wild >= 0) bestFive = Math.max(bestFive, slot.pays[wild * 6 + 5]!)
  const s = new Int32Array(5)
  const out: LineOutcome = { symbol: -1, count: 0, coins: 0 }
  return (chosen, fixed) => {
    let total = 0
    for (const line of lines) {
      for (let reel = 0; reel < 5; reel++) s[reel] = reel < fixed ? chosen[reel]![line[reel]!]! : BLOCKER
      if (fixed === 5) {
        total += lineWin(slot, s, out)
        continue
      }
      let w = 0
      while (w < fixed && s[w] === wild) w++
      if (w === fixed) {
        total += bestFive
        continue
      }
      const x = s[w]!
      let n = w + 1
      while (n < fixed && (s[n] === x || s[n] === wild)) n++
      if (x === slot.scatter || n < fixed) {
        total += lineWin(slot, s, out)
        continue
      }
      // The symbol's run is still open: it may reach five; the wilds' own run has ended at w.
      const open = slot.pays[x * 6 + 5]! * slot.wildMultiplier
      total += Math.max(open, w >= 3 ? slot.pays[wild * 6 + w]! : 0)
    }
    return total
  }
}

/** Ways: per symbol, its exact ways win once its run has ended, else the best completion with each open reel at its most. */
function waysBound(slot: CompiledSlot): Bound {
  const rows = slot.rows
  const most = slot.payers.map((symbol) =>
    [0, 1, 2, 3, 4].map((reel) => {
      const strip = slot.strips[reel]!
      let best = 0
      for (let stop = 0; stop < strip.length; stop++) {
        let here = 0
        for (let row = 0; row < rows; row++) {
          const s = strip[(stop + row) % strip.length]!
          if (s === symbol || s === slot.wild) here++
        }
        best = Math.max(best, here)
      }
      return best
    }),
  )
  return (chosen, fixed) => {
    let total = 0
    slot.payers.forEach((symbol, i) => {
      let ways = 1
      let run = 0
      for (; run < fixed; run++) {
        let here = 0
        for (const s of chosen[run]!) if (s === symbol || s === slot.wild) here++
        if (here === 0) break
        ways *= here
      }
      if (run < fixed) {
        if (run >= 3) total += slot.pays[symbol * 6 + run]! * ways
        return
      }
      let best = run >= 3 ? slot.pays[symbol * 6 + run]! * ways : 0
      for (let k = run; k < 5; k++) {
        const reach = most[i]![k]!
        if (reach === 0) break
        ways *= reach
        if (k + 1 >= 3) best = Math.max(best, slot.pays[symbol * 6 + k + 1]! * ways)
      }
      total += best
    })
    return total
  }
}
