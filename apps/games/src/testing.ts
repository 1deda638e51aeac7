// The game server's test entry (package.json `exports` "./testing"): what tests that run it with
// the casino (apps/server) may use, and a wallet that loses answers on purpose.
import type { WalletCall, WalletRequest } from '@aurum/game-protocol'
import { WalletClient, WalletUnavailable } from './wallet-client.ts'

export { buildGamesApp, DEMO_BALANCE_CENTS } from './app.ts'
export type { FairState } from './fairness.ts'
export { findGame, games } from './games.ts'
export { LIVE_CYCLE_MS, LiveTable } from './live.ts'
export { OPEN_ROUND_LIMIT_MS } from './rounds.ts'
export { GAME_SERVER_MIGRATIONS } from './start.ts'
export { WalletClient }

/** A wallet whose bet answers get lost when told (the bet is applied, the answer never arrives). */
export class LossyWallet extends WalletClient {
  loseBets = false

  override async call<C extends WalletCall>(call: C, body: WalletRequest<C>) {
    const answer = await super.call(call, body)
    if (call === 'bet' && this.loseBets) throw new WalletUnavailable('answer lost')
    return answer
  }
}
