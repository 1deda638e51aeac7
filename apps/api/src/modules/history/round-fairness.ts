import type { Clock } from '@aurum/db'
import { signBody } from '@aurum/game-protocol'
import {
  ROUND_DETAILS_MAX_ROUNDS,
  ROUND_DETAILS_PATH,
  roundDetailsAnswer,
  roundDetailsKey,
  type RoundDetails,
} from '@aurum/game-protocol/round-details'
import type { Logger } from '../../lib/context.ts'

/** A page of the history waits this long for the game server, then shows its rounds without fairness data. */
export const ROUND_DETAILS_TIMEOUT_MS = 2_000

/**
 * The provably fair data of rounds, asked of the game server that played them (docs/games.md
 * "Round details"). The casino keeps no seeds: the game server holds them and reveals a server
 * seed only after the player rotated it, so the history always shows what is revealed now.
 * Unreachable or refusing, it answers null: the history is still served, without fairness data.
 */
export class RoundFairness {
  private key: string

  constructor(
    /** The game server as the casino reaches it; undefined: none to ask. */
    private baseUrl: string | undefined,
    walletSecret: string,
    private log: Logger,
    /** The casino's clock: the request's time, which the game server checks against its own. */
    private clock: Clock,
    private timeoutMs = ROUND_DETAILS_TIMEOUT_MS,
  ) {
    this.key = roundDetailsKey(walletSecret)
  }

  async of(roundIds: string[]): Promise<Map<string, RoundDetails> | null> {
    if (!this.baseUrl) return null
    const found = new Map<string, RoundDetails>()
    const unique = [...new Set(roundIds)]
    for (let i = 0; i < unique.length; i += ROUND_DETAILS_MAX_ROUNDS) {
      const answer = await this.ask(unique.slice(i, i + ROUND_DETAILS_MAX_ROUNDS))
      if (!answer) return null
      for (const round of answer) found.set(round.round_id, round)
    }
    return found
  }

  private async ask(roundIds: string[]): Promise<RoundDetails[] | null> {
    if (!this.baseUrl) return null
    const payload = JSON.stringify({ at: this.clock.now().getTime(), round_ids: roundIds })
    try {
      const res = await fetch(new URL(ROUND_DETAILS_PATH, this.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(this.key, payload) },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      if (!res.ok) {
        this.log.warn({ status: res.status }, 'round details refused by the game server')
        return null
      }
      return roundDetailsAnswer.parse(await res.json()).rounds
    } catch (err) {
      this.log.warn({ err }, 'round details unavailable')
      return null
    }
  }
}
