/** The 1-2-5 series: 1, 2, 5, 10, 20, 50, … up to `limit`. */
function niceSeries(limit: number): number[] {
  const out: number[] = []
  for (let power = 1; power <= limit; power *= 10) {
    for (const m of [1, 2, 5]) if (power * m <= limit) out.push(power * m)
  }
  return out
}

/**
 * The bets a player steps through with "Bet down" / "Bet up": the bounds and the 1-2-5 amounts
 * between them, each a whole multiple of `multiple` (a slot's coins per bet: the bet is always a
 * whole number of coins, and the series runs over the coin value). Empty when no multiple fits.
 */
export function betSteps(minCents: number, maxCents: number, multiple = 1): number[] {
  const unit = Math.max(1, Math.floor(multiple))
  const low = Math.ceil(Math.max(1, minCents) / unit)
  const high = Math.floor(maxCents / unit)
  if (high < low) return []
  const coins = new Set<number>([low, high])
  for (const n of niceSeries(high)) if (n > low && n < high) coins.add(n)
  return [...coins].sort((a, b) => a - b).map((c) => c * unit)
}

/** The step after (direction 1) or before (-1) `current`; stays put at the ends. */
export function stepBet(steps: number[], current: number, direction: 1 | -1): number {
  if (steps.length === 0) return current
  if (direction > 0) return steps.find((s) => s > current) ?? steps[steps.length - 1]!
  return [...steps].reverse().find((s) => s < current) ?? steps[0]!
}

/**
 * The first bet offered: the step closest to `preferred` (often one currency unit) without
 * going over it, else the smallest.
 */
export function defaultBet(steps: number[], preferred: number): number {
  let chosen = steps[0] ?? 0
  for (const s of steps) if (s <= preferred) chosen = s
  return chosen
}

/**
 * Up to `count` chip values for a table game: the 1-2-5 steps between the bounds, thinned out
 * evenly when there are more, always keeping the smallest.
 */
export function chipValues(minCents: number, maxCents: number, count = 6): number[] {
  const steps = betSteps(minCents, maxCents)
  if (steps.length <= count) return steps
  const out: number[] = []
  for (let i = 0; i < count; i++) out.push(steps[Math.round((i * (steps.length - 1)) / (count - 1))]!)
  return [...new Set(out)]
}
