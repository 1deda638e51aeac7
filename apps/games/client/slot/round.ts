import type { SlotConfig, SlotRound, SlotSpin } from '@aurum/games-math/slots/types'

/**
 * Free spins a spin awarded, read from its scatter win as the server reported it (the client
 * decides nothing: it only names what the round already contains).
 */
export function freeSpinsOf(config: SlotConfig, spin: SlotSpin): number {
  const scatter = config.scatter
  if (!scatter) return 0
  const win = spin.wins.find((w) => w.kind === 'scatter')
  const count = win ? win.count : spin.grid.flat().filter((s) => s === scatter.symbol).length
  if (count < 3) return 0
  return scatter.freeSpins[Math.min(count, 5) - 3] ?? 0
}

/** What the counter shows during each free spin: "Free spin n of total", and retriggers as they come. */
export interface FreeSpinStep {
  /** 1-based number of this free spin. */
  n: number
  /** Free spins known when this one starts. */
  total: number
  /** Free spins this one added (a retrigger), shown once it has landed. */
  added: number
}

/**
 * The counter of a round's free spins. The totals follow the awards as they land, so a retrigger
 * is news when it happens; they never exceed the spins the round actually played.
 */
export function freeSpinPlan(config: SlotConfig, round: SlotRound): FreeSpinStep[] {
  const played = round.spins.length - 1
  if (played <= 0) return []
  let total = Math.min(played, freeSpinsOf(config, round.spins[0]!) || played)
  const steps: FreeSpinStep[] = []
  for (let i = 1; i <= played; i++) {
    const spin = round.spins[i]!
    const added = config.scatter?.retrigger ? freeSpinsOf(config, spin) : 0
    const before = total
    total = Math.min(played, total + added)
    // Never "spin 12 of 10", whatever the awards looked like.
    steps.push({ n: i, total: Math.max(before, i), added: total - before })
  }
  return steps
}

/**
 * What a symbol pays for 3, 4 and 5 at a bet, in cents: lines games per line, ways games per
 * way (a coin is bet / coinsPerBet); the scatter pays multiples of the whole bet anywhere.
 */
export function paysAt(config: SlotConfig, symbol: string, betCents: number): number[] {
  if (config.scatter?.symbol === symbol) return config.scatter.pays.map((p) => p * betCents)
  const coin = betCents / config.coinsPerBet
  return (config.symbols[symbol]?.pays ?? []).map((p) => p * coin)
}

/** Symbols in paytable order: the wild and the scatter first, then the others by their top pay, highest first. */
export function paytableOrder(config: SlotConfig): string[] {
  const ids = Object.keys(config.symbols)
  const special = (id: string) => (id === config.wild?.symbol ? 0 : id === config.scatter?.symbol ? 1 : 2)
  const top = (id: string) => Math.max(0, ...(config.symbols[id]?.pays ?? []))
  return ids.sort((a, b) => special(a) - special(b) || top(b) - top(a))
}

/** Centre points of a payline in grid units (a reel is 1 wide, a row 1 tall). */
export function linePoints(line: number[]): Array<[number, number]> {
  return line.map((row, reel) => [reel + 0.5, row + 0.5])
}

/** Ways a grid of this shape has (3 rows: 243, 4 rows: 1024). */
export const waysOf = (rows: number): number => rows ** 5

/** How a win compares with the bet, for the celebration it gets. */
export function winLevel(winCents: number, betCents: number): 'none' | 'win' | 'big' | 'mega' {
  if (winCents <= 0) return 'none'
  if (winCents >= betCents * 50) return 'mega'
  if (winCents >= betCents * 15) return 'big'
  return 'win'
}
