// Generates src/slots/configs.ts (the catalogue's slot configurations as plain data) and stats.ts:
//   npm run generate:slots -w @aurum/games-math   (GENERATOR_SD_ROUNDS=0 skips the volatility check)
// From the one-line design of each slot (designs.ts: grid, lines or ways, volatility, symbols,
// feature) it builds reel
// strips with a deterministic RNG (the provably fair stream seeded with the slot's id), shapes a
// paytable by volatility, then tunes the pays until slotReturn hits the target RTP within 0.00002.
// The output is committed; nothing here runs when the package is imported.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cryptoSource } from '../crypto-source.node.ts'
import { fairSource } from '../fair.ts'
import { Rng } from '../rng.ts'
import { LINES_3_ROWS, LINES_4_ROWS } from './lines.ts'
import { slotMath, slotReturn, type SlotMath } from './math.ts'
import { playSlotRound } from './play.ts'
import { DESIGNS, type Design } from './designs.ts'
import type { SlotConfig, SlotSymbol, Volatility } from './types.ts'
import { validateSlotConfig } from './validate.ts'

/** Targets spread evenly over 94.00–97.00 %, dealt in a scrambled order so studios and modes mix. */
function targetOf(index: number): number {
  const step = (index * 17) % DESIGNS.length
  return Math.round((0.94 + (0.03 * step) / (DESIGNS.length - 1)) * 10_000) / 10_000
}

/** Copies per reel strip, by volatility: rarer high symbols and wilds make fewer, larger wins. */
const COPIES: Record<Volatility, { low: number; high: number[]; wild: number }> = {
  low: { low: 7, high: [5, 5, 4, 4, 3], wild: 2 },
  medium: { low: 6, high: [4, 3, 3, 2, 2], wild: 2 },
  high: { low: 6, high: [3, 2, 2, 1, 1], wild: 1 },
}

/**
 * Paytable shape by volatility before tuning: 3-of-a-kind pays of the lows and highs (by rank) and
 * the pays of 4 and 5 relative to 3. High volatility moves the return from the frequent low-symbol
 * wins to the rare high-symbol and top wins.
 */
const SHAPE: Record<
  Volatility,
  {
    low: (rank: number) => number
    high: (rank: number) => number
    lowRatio: number[]
    ratio: number[]
    top: number[]
  }
> = {
  low: {
    low: (i) => 5 + 5 * Math.floor(i / 2),
    high: (i) => 15 + 5 * i,
    lowRatio: [1, 2.5, 5],
    ratio: [1, 2.5, 5],
    top: [1, 3, 8],
  },
  medium: {
    low: (i) => 4 + 3 * Math.floor(i / 2),
    high: (i) => 20 + 12 * i,
    lowRatio: [1, 4, 12],
    ratio: [1, 5, 20],
    top: [1, 8, 60],
  },
  high: {
    low: (i) => 4 + 2 * Math.floor(i / 2),
    high: (i) => 25 + 15 * i,
    lowRatio: [1, 3, 10],
    ratio: [1, 8, 40],
    top: [1, 10, 100],
  },
}

const SCATTER_PAYS: Record<Volatility, number[]> = {
  low: [1, 5, 20],
  medium: [2, 10, 50],
  high: [2, 20, 100],
}

/**
 * Height of the block of the top symbol on every reel, lines and ways games: stacks line up the
 * rare big wins that make a game volatile (a full stack on every reel pays the top symbol on every
 * line at once; on ways games a block of 2 already multiplies the ways).
 */
const STACK: Record<Volatility, { lines: number; ways: number }> = {
  low: { lines: 0, ways: 0 },
  medium: { lines: 2, ways: 2 },
  high: { lines: 3, ways: 2 },
}

function buildStrips(design: Design, rng: Rng): string[][] {
  const copies = COPIES[design.volatility]
  const ways = design.mode.startsWith('w')
  const top = design.highs.at(-1)!
  const stack = STACK[design.volatility][ways ? 'ways' : 'lines']
  return [0, 1, 2, 3, 4].map((reel) => {
    const pool: string[] = []
    design.lows.forEach((icon) => {
      const n = copies.low + rng.int(3) - 1
      for (let i = 0; i < n; i++) pool.push(icon)
    })
    design.highs.forEach((icon, i) => {
      if (icon === top && stack > 0) return
      const n = Math.max(1, copies.high[copies.high.length - design.highs.length + i]! - rng.int(2))
      for (let k = 0; k < n; k++) pool.push(icon)
    })
    // Ways games keep the wild off the first reel, as is usual for them.
    const wilds = ways && reel === 0 ? 0 : copies.wild + (reel === 2 && design.volatility !== 'high' ? 1 : 0)
    for (let i = 0; i < wilds; i++) pool.push('wild')
    rng.shuffle(pool)
    const stackAt = rng.int(pool.length + 1)
    pool.splice(stackAt, 0, ...new Array<string>(stack).fill(top))
    // Scatters go in evenly spaced places (never inside the stack) so that no window shows two.
    const scatters = design.volatility === 'low' && reel % 2 === 1 ? 2 : 1
    const places = Array.from({ length: scatters }, (_, i) => {
      const place = Math.floor((i * pool.length) / scatters) + rng.int(3)
      return place > stackAt && place < stackAt + stack ? stackAt + stack : place
    })
    for (const place of places.sort((a, b) => b - a)) pool.splice(place, 0, 'scatter')
    return pool
  })
}

function basePays(design: Design): Record<string, number[]> {
  const shape = SHAPE[design.volatility]
  const pays: Record<string, number[]> = {}
  design.lows.forEach((icon, i) => (pays[icon] = shape.lowRatio.map((r) => shape.low(i) * r)))
  design.highs.forEach((icon, i) => {
    pays[icon] = (i === design.highs.length - 1 ? shape.top : shape.ratio).map((r) => shape.high(i) * r)
  })
  const best = pays[design.highs.at(-1)!]!
  pays.wild = design.mode.startsWith('l') ? best.map((coins) => coins * 1.2) : [0, 0, 0]
  return pays
}

function assemble(
  design: Design,
  strips: string[][],
  pays: Record<string, number[]>,
  target: number,
): SlotConfig {
  const lines = design.mode.startsWith('l') ? Number(design.mode.slice(1)) : 0
  const symbols: Record<string, SlotSymbol> = {}
  for (const icon of design.lows) symbols[icon] = { icon, kind: 'low', pays: pays[icon]! }
  for (const icon of design.highs) symbols[icon] = { icon, kind: 'high', pays: pays[icon]! }
  symbols.wild = { icon: 'wild', kind: 'wild', pays: pays.wild! }
  symbols.scatter = { icon: design.scatter, kind: 'scatter', pays: [0, 0, 0] }
  return {
    id: design.id,
    title: design.title,
    studio: design.studio,
    theme: design.theme,
    rows: design.rows,
    reels: strips,
    mode: lines
      ? { kind: 'lines', lines: (design.rows === 3 ? LINES_3_ROWS : LINES_4_ROWS).slice(0, lines) }
      : { kind: 'ways' },
    coinsPerBet: lines || (design.mode === 'w243' ? 25 : 50),
    symbols,
    wild: design.wildMultiplier ? { symbol: 'wild', multiplier: design.wildMultiplier } : { symbol: 'wild' },
    scatter: {
      symbol: 'scatter',
      pays: SCATTER_PAYS[design.volatility],
      freeSpins: design.freeSpins,
      multiplier: design.multiplier,
      retrigger: design.retrigger,
    },
    volatility: design.volatility,
    targetRtp: target,
  }
}

/** Pays in rank order (lows then highs, lowest first) must not fall, nor a symbol's pays with the count. */
function ordered(design: Design, pays: Record<string, number[]>): boolean {
  const ranked = [...design.lows, ...design.highs].map((icon) => pays[icon]!)
  for (const p of ranked) if (!(p[0]! >= 1 && p[0]! <= p[1]! && p[1]! <= p[2]!)) return false
  for (let i = 1; i < ranked.length; i++) {
    for (let k = 0; k < 3; k++) if (ranked[i]![k]! < ranked[i - 1]![k]!) return false
  }
  const wild = pays.wild!
  return !design.mode.startsWith('l') || (wild[0]! >= 1 && wild[0]! <= wild[1]! && wild[1]! <= wild[2]!)
}

function tune(design: Design, target: number): SlotConfig {
  const rng = new Rng(fairSource('aurum slot generator', design.id, 0))
  const strips = buildStrips(design, rng)
  const base = basePays(design)
  const scaled = (factor: number): Record<string, number[]> => {
    const out: Record<string, number[]> = {}
    for (const [icon, pays] of Object.entries(base)) {
      out[icon] = pays.map((coins) => (coins === 0 ? 0 : Math.max(1, Math.round(coins * factor))))
      out[icon] = [
        out[icon][0]!,
        Math.max(out[icon][0]!, out[icon][1]!),
        Math.max(out[icon][1]!, out[icon][2]!),
      ]
    }
    return out
  }
  const rtpOf = (pays: Record<string, number[]>): number =>
    slotReturn(assemble(design, strips, pays, target)).rtp
  // Scale the whole paytable (return is nearly proportional to it), then nudge single pays.
  let factor = 1
  for (let i = 0; i < 30; i++) factor *= target / rtpOf(scaled(factor))
  let pays = scaled(factor)
  let error = rtpOf(pays) - target
  for (let round = 0; round < 400 && Math.abs(error) > 0.00002; round++) {
    let best: { pays: Record<string, number[]>; error: number } | undefined
    for (const icon of Object.keys(pays)) {
      for (let k = 0; k < 3; k++) {
        if (pays[icon]![k] === 0) continue
        for (const delta of [-1, 1]) {
          const next = { ...pays, [icon]: pays[icon]!.map((coins, j) => (j === k ? coins + delta : coins)) }
          if (!ordered(design, next)) continue
          const e = rtpOf(next) - target
          if (Math.abs(e) < Math.abs(best?.error ?? error)) best = { pays: next, error: e }
        }
      }
    }
    if (!best) break
    pays = best.pays
    error = best.error
  }
  return assemble(design, strips, pays, target)
}

/** Standard deviation of a round's return (× bet), simulated: what the volatility label describes. */
function simulatedDeviation(config: SlotConfig): number {
  const rounds = Number(process.env.GENERATOR_SD_ROUNDS ?? 100_000)
  if (!rounds) return 0
  const rng = new Rng(cryptoSource())
  let sum = 0
  let squares = 0
  for (let i = 0; i < rounds; i++) {
    const x = playSlotRound(config, rng, config.coinsPerBet).winCents / config.coinsPerBet
    sum += x
    squares += x * x
  }
  return Math.sqrt(squares / rounds - (sum / rounds) ** 2)
}

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
const list = (values: Array<string | number>): string =>
  `[${values.map((value) => (typeof value === 'string' ? quote(value) : String(value))).join(', ')}]`

/** The configurations as a compact TS module: one line per symbol and per reel strip. */
function configsModule(configs: SlotConfig[]): string {
  const body = configs.map((config) => {
    const mode =
      config.mode.kind === 'lines'
        ? `{ kind: 'lines', lines: ${config.rows === 3 ? 'LINES_3_ROWS' : 'LINES_4_ROWS'}.slice(0, ${config.mode.lines.length}) }`
        : `{ kind: 'ways' }`
    const symbols = Object.entries(config.symbols).map(
      ([name, symbol]) =>
        `      ${name}: { icon: ${quote(symbol.icon)}, kind: ${quote(symbol.kind)}, pays: ${list(symbol.pays)} },`,
    )
    const scatter = config.scatter!
    return [
      '  {',
      `    id: ${quote(config.id)},`,
      `    title: ${quote(config.title)},`,
      `    studio: ${quote(config.studio)},`,
      `    theme: ${quote(config.theme)},`,
      `    volatility: ${quote(config.volatility)},`,
      `    targetRtp: ${config.targetRtp},`,
      `    rows: ${config.rows},`,
      `    mode: ${mode},`,
      `    coinsPerBet: ${config.coinsPerBet},`,
      '    symbols: {',
      ...symbols,
      '    },',
      `    wild: { symbol: ${quote(config.wild!.symbol)}${config.wild!.multiplier ? `, multiplier: ${config.wild!.multiplier}` : ''} },`,
      `    scatter: { symbol: ${quote(scatter.symbol)}, pays: ${list(scatter.pays)}, freeSpins: ${list(scatter.freeSpins)}, multiplier: ${scatter.multiplier}, retrigger: ${scatter.retrigger} },`,
      '    reels: [',
      ...config.reels.map((strip) => `      ${list(strip)},`),
      '    ],',
      '  },',
    ].join('\n')
  })
  return `// Generated by src/slots/generate.node.ts (npx tsx packages/games-math/src/slots/generate.node.ts): do not edit by hand.
import { LINES_3_ROWS, LINES_4_ROWS } from './lines.ts'
import type { SlotConfig } from './types.ts'

/** The catalogue's slots as data: 4 studios × 10, each tuned to its target RTP (see docs/games.md). */
// prettier-ignore
export const SLOTS: SlotConfig[] = [
${body.join('\n')}
]
`
}

function statsModule(configs: Array<{ config: SlotConfig; math: SlotMath }>): string {
  const rows = configs.map(
    ({ config, math }) =>
      `  ${quote(config.id)}: { rtp: ${math.rtp}, hitRate: ${math.hitRate}, maxWinX: ${math.maxWinX} },`,
  )
  return `// Generated by src/slots/generate.node.ts with the configurations: do not edit by hand.

/**
 * slotMath's rtp, hitRate and maxWinX of every slot, computed when the configurations were
 * generated, so that the catalogue costs nothing at import (computing them takes about a second).
 * A test recomputes them from the configurations.
 */
// prettier-ignore
export const SLOT_STATS: Record<string, { rtp: number; hitRate: number; maxWinX: number }> = {
${rows.join('\n')}
}
`
}

function main(): void {
  const started = Date.now()
  const configs = DESIGNS.map((design, i) => {
    const config = tune(design, targetOf(i))
    const problems = validateSlotConfig(config)
    if (problems.length) throw new Error(problems.join('\n'))
    const math = slotMath(config)
    const sd = simulatedDeviation(config)
    console.log(
      `${config.id.padEnd(28)} ${design.mode.padEnd(6)} ${config.volatility.padEnd(7)} target ${(config.targetRtp * 100).toFixed(2)} rtp ${(
        math.rtp * 100
      ).toFixed(
        4,
      )} base ${(math.baseRtp * 100).toFixed(2)} feature ${(math.featureRtp * 100).toFixed(2)} hit ${(
        math.hitRate * 100
      ).toFixed(
        1,
      )}% trigger 1/${Math.round(1 / math.featureFrequency)} max ${math.maxWinX}x sd ${sd.toFixed(1)}`,
    )
    return { config, math }
  })
  writeFileSync(
    fileURLToPath(new URL('./configs.ts', import.meta.url)),
    configsModule(configs.map((c) => c.config)),
  )
  writeFileSync(fileURLToPath(new URL('./stats.ts', import.meta.url)), statsModule(configs))
  console.log(`${configs.length} slots in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

main()
