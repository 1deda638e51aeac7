import type { Api } from './api.ts'
import type { Translate } from './i18n.ts'
import type { BetLimits, BootData } from './types.ts'

/**
 * What the shell's dialogs (the game's information, the round history) use of the shell: the
 * shell implements it, the dialogs take it, so neither module imports the other.
 */
export interface ShellContext {
  readonly api: Api
  readonly t: Translate
  readonly boot: BootData
  readonly lang: string
  readonly limits: BetLimits
  /** An amount in minor units in the session's currency, formatted for the player. */
  money(cents: number): string
  /** The session has ended (the casino said so): the shell shows it and stops play. */
  ended(): void
}
