import { ICONS, STUDIOS, THEMES, type SlotConfig } from './types.ts'

const KINDS = ['low', 'high', 'wild', 'scatter']
const VOLATILITIES = ['low', 'medium', 'high']

const isCount = (value: number): boolean => Number.isSafeInteger(value) && value >= 0
const isPositive = (value: number): boolean => Number.isSafeInteger(value) && value > 0

/**
 * Everything the engine and the exact mathematics rely on, as a list of problems (empty when the
 * configuration is sound). The rules that make the mathematics simple are deliberate constraints
 * of the format: pays for 3, 4 and 5 are positive and non-decreasing (so a 3-reel run decides a
 * hit), at most one scatter is visible per reel (scatters on a strip are at least `rows` apart), and
 * ways games have no wild pays or wild multiplier.
 */
export function validateSlotConfig(config: SlotConfig): string[] {
  const problems: string[] = []
  const problem = (text: string): number => problems.push(`${config.id}: ${text}`)
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(config.id)) problem('id must be kebab-case')
  if (!config.title.trim()) problem('title is empty')
  if (!(config.studio in STUDIOS)) problem(`unknown studio ${config.studio}`)
  if (!(THEMES as readonly string[]).includes(config.theme)) problem(`unknown theme ${config.theme}`)
  if (config.rows !== 3 && config.rows !== 4) problem('rows must be 3 or 4')
  if (!VOLATILITIES.includes(config.volatility)) problem('unknown volatility')
  if (!(config.targetRtp > 0 && config.targetRtp < 1)) problem('targetRtp must be a fraction below 1')
  if (!isPositive(config.coinsPerBet)) problem('coinsPerBet must be a positive integer')

  const symbols = Object.entries(config.symbols)
  if (symbols.length === 0) problem('no symbols')
  const payers = symbols.filter(([, symbol]) => symbol.kind === 'low' || symbol.kind === 'high')
  if (payers.length > 30) problem('at most 30 paying symbols')
  const icons = new Set(symbols.map(([, symbol]) => symbol.icon))
  if (icons.size !== symbols.length) problem('two symbols share an icon')
  for (const [name, symbol] of symbols) {
    if (!(ICONS as readonly string[]).includes(symbol.icon)) problem(`${name}: unknown icon ${symbol.icon}`)
    if (!KINDS.includes(symbol.kind)) problem(`${name}: unknown kind ${symbol.kind}`)
    if (symbol.pays.length !== 3 || !symbol.pays.every(isCount))
      problem(`${name}: pays must be 3 whole numbers`)
    const paying =
      symbol.kind === 'low' ||
      symbol.kind === 'high' ||
      (symbol.kind === 'wild' && config.mode.kind === 'lines')
    if (
      paying &&
      !(symbol.pays[0]! > 0 && symbol.pays[0]! <= symbol.pays[1]! && symbol.pays[1]! <= symbol.pays[2]!)
    ) {
      problem(`${name}: pays must be positive and non-decreasing`)
    }
    if (!paying && symbol.pays.some((coins) => coins !== 0))
      problem(`${name}: this symbol's pays must be zero`)
  }
  const kindOf = (name: string | undefined): string | undefined =>
    name ? config.symbols[name]?.kind : undefined
  const wilds = symbols.filter(([, symbol]) => symbol.kind === 'wild').map(([name]) => name)
  const scatters = symbols.filter(([, symbol]) => symbol.kind === 'scatter').map(([name]) => name)
  if (
    wilds.length > 1 ||
    (wilds.length === 1) !== Boolean(config.wild) ||
    (config.wild && kindOf(config.wild.symbol) !== 'wild')
  ) {
    problem('exactly the symbol named in `wild` has kind wild')
  }
  if (
    scatters.length > 1 ||
    (scatters.length === 1) !== Boolean(config.scatter) ||
    (config.scatter && kindOf(config.scatter.symbol) !== 'scatter')
  ) {
    problem('exactly the symbol named in `scatter` has kind scatter')
  }
  if (config.wild?.multiplier !== undefined && !isPositive(config.wild.multiplier))
    problem('wild multiplier must be a positive integer')
  if (config.mode.kind === 'ways' && (config.wild?.multiplier ?? 1) !== 1)
    problem('ways games have no wild multiplier')

  if (config.scatter) {
    const { pays, freeSpins, multiplier } = config.scatter
    if (
      pays.length !== 3 ||
      !pays.every(isCount) ||
      !(pays[0]! > 0 && pays[0]! <= pays[1]! && pays[1]! <= pays[2]!)
    ) {
      problem('scatter pays must be 3 positive, non-decreasing whole numbers')
    }
    if (freeSpins.length !== 3 || !freeSpins.every(isCount)) problem('freeSpins must be 3 whole numbers')
    if (!isPositive(multiplier)) problem('free-spin multiplier must be a positive integer')
  }

  if (config.reels.length !== 5) problem('there must be 5 reels')
  config.reels.forEach((strip, reel) => {
    if (strip.length < 20 || strip.length > 80) problem(`reel ${reel + 1}: a strip has 20 to 80 symbols`)
    for (const name of strip)
      if (!(name in config.symbols)) problem(`reel ${reel + 1}: unknown symbol ${name}`)
    if (config.scatter) {
      const at = strip.flatMap((name, i) => (name === config.scatter!.symbol ? [i] : []))
      at.forEach((position, i) => {
        const next = i + 1 < at.length ? at[i + 1]! : at[0]! + strip.length
        if (next - position < config.rows && at.length > 1)
          problem(`reel ${reel + 1}: two scatters could show at once`)
      })
    }
  })

  if (config.mode.kind === 'lines') {
    const { lines } = config.mode
    if (lines.length === 0) problem('no lines')
    if (config.coinsPerBet !== lines.length)
      problem('a lines game bets one coin per line: coinsPerBet must equal the number of lines')
    const seen = new Set<string>()
    lines.forEach((line, i) => {
      if (line.length !== 5 || !line.every((row) => Number.isInteger(row) && row >= 0 && row < config.rows)) {
        problem(`line ${i + 1}: 5 row indices within the rows`)
      }
      const key = line.join(',')
      if (seen.has(key)) problem(`line ${i + 1} repeats another line`)
      seen.add(key)
    })
  }
  return problems
}
