import type { SlotConfig } from './types.ts'

/**
 * A configuration turned into integer tables once (symbol indices, flat pay table), so spins and the
 * exact mathematics work on numbers instead of string lookups. Cached per config object: configs
 * are data and must not be mutated after first use.
 */
export interface CompiledSlot {
  config: SlotConfig
  /** Symbol id by index. */
  names: string[]
  rows: number
  reels: number
  /** Strips as symbol indices. */
  strips: Int32Array[]
  /** pays[symbol * 6 + count] in coins, count 0..5 (0 below 3). */
  pays: Int32Array
  /** Symbols that pay on lines or ways by themselves (kind low or high). */
  payers: number[]
  /** Index of the wild, -1 when none. */
  wild: number
  /** Index of the scatter, -1 when none. */
  scatter: number
  /** Multiplier of a line win that a wild substitutes in (1 when none). */
  wildMultiplier: number
  /** Lines as row indices per reel, or null for ways. */
  lines: Int32Array[] | null
  /** scatterPays[count] and freeSpins[count] for count 0..5+ (index capped at 5). */
  scatterPays: number[]
  freeSpins: number[]
  freeSpinMultiplier: number
  retrigger: boolean
  coinsPerBet: number
}

const cache = new WeakMap<SlotConfig, CompiledSlot>()

export function compileSlot(config: SlotConfig): CompiledSlot {
  const cached = cache.get(config)
  if (cached) return cached
  const names = Object.keys(config.symbols)
  const index = new Map(names.map((name, i) => [name, i]))
  const lookup = (name: string): number => {
    const i = index.get(name)
    if (i === undefined) throw new Error(`${config.id}: unknown symbol ${name}`)
    return i
  }
  const pays = new Int32Array(names.length * 6)
  names.forEach((name, i) => {
    const symbol = config.symbols[name]!
    if (symbol.kind === 'scatter') return
    symbol.pays.forEach((coins, j) => (pays[i * 6 + 3 + j] = coins))
  })
  const byCount = (values: number[] | undefined): number[] => [0, 0, 0, ...(values ?? [0, 0, 0])]
  const compiled: CompiledSlot = {
    config,
    names,
    rows: config.rows,
    reels: config.reels.length,
    strips: config.reels.map((strip) => Int32Array.from(strip, lookup)),
    pays,
    payers: names.flatMap((name, i) => (['low', 'high'].includes(config.symbols[name]!.kind) ? [i] : [])),
    wild: config.wild ? lookup(config.wild.symbol) : -1,
    scatter: config.scatter ? lookup(config.scatter.symbol) : -1,
    wildMultiplier: config.wild?.multiplier ?? 1,
    lines: config.mode.kind === 'lines' ? config.mode.lines.map((line) => Int32Array.from(line)) : null,
    scatterPays: byCount(config.scatter?.pays),
    freeSpins: byCount(config.scatter?.freeSpins),
    freeSpinMultiplier: config.scatter?.multiplier ?? 1,
    retrigger: config.scatter?.retrigger ?? false,
    coinsPerBet: config.coinsPerBet,
  }
  cache.set(config, compiled)
  return compiled
}

/** The symbols a reel shows when stopped at `stop` (top row first), wrapping around the strip. */
export function windowAt(slot: CompiledSlot, reel: number, stop: number, out: Int32Array, offset = 0): void {
  const strip = slot.strips[reel]!
  for (let row = 0; row < slot.rows; row++) out[offset + row] = strip[(stop + row) % strip.length]!
}
