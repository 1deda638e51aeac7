import {
  signBody,
  walletKey,
  type AuthenticateAnswer,
  type BalanceAnswer,
  type WalletCall,
  type WalletRequest,
} from '@aurum/game-protocol'

/** The casino answered and said no (insufficient funds, limit reached, session expired…). */
export class WalletRefusal extends Error {
  constructor(
    /** A WalletErrorCode, or `http_<status>` for an answer without one. */
    readonly code: string,
    readonly status: number,
  ) {
    super(`wallet refused: ${code}`)
  }
}

/** No answer in time, or the casino failed: whether the call was applied is unknown. */
export class WalletUnavailable extends Error {}

/** DESIGN.md: a provider gives up on a wallet call after about 3 s (and rolls a bet back). */
export const WALLET_TIMEOUT_MS = 3_000

type Answer<C extends WalletCall> = C extends 'authenticate' ? AuthenticateAnswer : BalanceAnswer

/** The casino's seamless wallet, called as a game provider does: signed JSON over HTTP. */
export class WalletClient {
  private key: string

  constructor(
    private baseUrl: string,
    walletSecret: string,
    private timeoutMs = WALLET_TIMEOUT_MS,
  ) {
    this.key = walletKey(walletSecret)
  }

  async call<C extends WalletCall>(call: C, body: WalletRequest<C>): Promise<Answer<C>> {
    const payload = JSON.stringify(body)
    let response: Response
    try {
      response = await fetch(`${this.baseUrl}/api/wallet/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(this.key, payload) },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw new WalletUnavailable(`wallet ${call}: ${(error as Error).message}`, { cause: error })
    }
    if (response.status >= 500) throw new WalletUnavailable(`wallet ${call}: HTTP ${response.status}`)
    const answer = (await response.json().catch(() => undefined)) as
      (Answer<C> & { code?: undefined }) | { code: string } | undefined
    if (!response.ok) throw new WalletRefusal(answer?.code ?? `http_${response.status}`, response.status)
    return answer as Answer<C>
  }
}
