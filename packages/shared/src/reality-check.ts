/**
 * Reality check (docs/responsible-gambling.md): a reminder in the game frame, at a fixed interval
 * since the play session started, of the time played and the session's result. The player chooses
 * the interval among these; there is no "off" (as UK-style regulation has it), and the casino's
 * default (REALITY_CHECK_MINUTES, one of these) applies until the player chooses.
 */
export const REALITY_CHECK_OPTIONS = [15, 30, 45, 60, 90, 120] as const
export type RealityCheckMinutes = (typeof REALITY_CHECK_OPTIONS)[number]

export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckMinutes = 60

export const isRealityCheckMinutes = (value: number): value is RealityCheckMinutes =>
  (REALITY_CHECK_OPTIONS as readonly number[]).includes(value)
