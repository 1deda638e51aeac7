import type { Rng } from '../rng.ts'
import { compileSlot, windowAt, type CompiledSlot } from './compile.ts'
import { evaluateGrid, scatterCount } from './evaluate.ts'
import type { SlotConfig, SlotRound, SlotSpin, SlotWin } from './types.ts'

/**
 * Free spins one round may play at most. With the configured retrigger rates the expected number
 * of free spins per triggered feature is around 10 to 25; a round reaching 1,000 has a probability
 * far below 10^-30, so the cap never changes the RTP in practice but bounds the work of a request.
 */
export const MAX_FREE_SPINS = 1000

/** Throws unless the bet is a positive whole number of cents that is a multiple of coinsPerBet. */
export function checkSlotBet(config: SlotConfig, betCents: number): void {
  if (!Number.isSafeInteger(betCents) || betCents <= 0 || betCents % config.coinsPerBet !== 0) {
    throw new RangeError(
      `${config.id}: the bet must be a positive multiple of ${config.coinsPerBet} cents, got ${betCents}`,
    )
  }
}

/**
 * A whole round decided at once, before any animation: the base spin, then every free spin it
 * triggers (retriggers included). Draws: one `rng.int(strip length)` per reel, reels left to right,
 * for each spin in order. Wins in cents are exact: coins × (bet / coinsPerBet) × spin multiplier.
 */
export function playSlotRound(config: SlotConfig, rng: Rng, betCents: number): SlotRound {
  checkSlotBet(config, betCents)
  const slot = compileSlot(config)
  const coinCents = betCents / config.coinsPerBet
  const spins: SlotSpin[] = []
  const base = spin(slot, rng, coinCents, false, 1)
  spins.push(base.spin)
  let awarded = base.freeSpins
  let remaining = awarded
  while (remaining > 0 && spins.length <= MAX_FREE_SPINS) {
    remaining--
    const free = spin(slot, rng, coinCents, true, slot.freeSpinMultiplier)
    spins.push(free.spin)
    if (slot.retrigger && free.freeSpins > 0) {
      awarded += free.freeSpins
      remaining += free.freeSpins
    }
  }
  let winCents = 0
  for (const s of spins) winCents += s.winCents
  return { betCents, winCents, spins, freeSpinsAwarded: awarded }
}

/** The wins of one grid, for replays, verifiers and tests. */
export interface SlotGridResult {
  wins: SlotWin[]
  winCents: number
  /** Scatters visible. */
  scatters: number
  /** Free spins these scatters award (0 below 3). */
  freeSpins: number
}

/**
 * Evaluates a grid given as symbol ids, grid[reel][row], at a bet and a spin multiplier: exactly
 * what a spin showing it pays (docs/games.md "Pay rules").
 */
export function evaluateSlotGrid(
  config: SlotConfig,
  grid: string[][],
  betCents: number,
  multiplier = 1,
): SlotGridResult {
  checkSlotBet(config, betCents)
  const slot = compileSlot(config)
  const index = new Map(slot.names.map((name, i) => [name, i]))
  if (grid.length !== slot.reels || grid.some((column) => column.length !== slot.rows))
    throw new RangeError('evaluateSlotGrid: wrong grid size')
  const cells = Int32Array.from(grid.flat(), (name) => {
    const i = index.get(name)
    if (i === undefined) throw new RangeError(`evaluateSlotGrid: unknown symbol ${name}`)
    return i
  })
  return gridResult(slot, cells, betCents / config.coinsPerBet, multiplier)
}

function gridResult(
  slot: CompiledSlot,
  grid: Int32Array,
  coinCents: number,
  multiplier: number,
): SlotGridResult {
  let winCents = 0
  const wins = evaluateGrid(slot, grid).map((win): SlotWin => {
    const cents = win.coins * coinCents * multiplier
    winCents += cents
    return {
      kind: win.kind,
      ...(win.kind === 'line' ? { line: win.line } : {}),
      symbol: slot.names[win.symbol]!,
      count: win.count,
      ...(win.kind === 'ways' ? { ways: win.ways } : {}),
      winCents: cents,
      positions: win.positions,
    }
  })
  const scatters = scatterCount(slot, grid)
  return { wins, winCents, scatters, freeSpins: slot.freeSpins[Math.min(scatters, 5)]! }
}

function spin(
  slot: CompiledSlot,
  rng: Rng,
  coinCents: number,
  free: boolean,
  multiplier: number,
): { spin: SlotSpin; freeSpins: number } {
  const rows = slot.rows
  const grid = new Int32Array(slot.reels * rows)
  const stops: number[] = []
  for (let reel = 0; reel < slot.reels; reel++) {
    const stop = rng.int(slot.strips[reel]!.length)
    stops.push(stop)
    windowAt(slot, reel, stop, grid, reel * rows)
  }
  const { wins, winCents, freeSpins } = gridResult(slot, grid, coinCents, multiplier)
  const names: string[][] = []
  for (let reel = 0; reel < slot.reels; reel++) {
    const column: string[] = []
    for (let row = 0; row < rows; row++) column.push(slot.names[grid[reel * rows + row]!]!)
    names.push(column)
  }
  return { spin: { free, stops, grid: names, wins, winCents, multiplier }, freeSpins }
}
