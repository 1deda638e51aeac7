import type { WalletCall, WalletRequest } from '@aurum/game-protocol'
import { WalletClient, WalletUnavailable } from './wallet-client.ts'

/** A wallet whose bet answers get lost when told (the bet is applied, the answer never arrives). */
export class LossyWallet extends WalletClient {
  loseBets = false

  override async call<C extends WalletCall>(call: C, body: WalletRequest<C>) {
    const answer = await super.call(call, body)
    if (call === 'bet' && this.loseBets) throw new WalletUnavailable('answer lost')
    return answer
  }
}
