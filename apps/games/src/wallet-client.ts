import http from 'node:http'
import https from 'node:https'
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

/**
 * The casino's seamless wallet, called as a game provider does: signed JSON over HTTP, on a pool
 * of keep-alive connections (node:http, lighter per call than fetch).
 */
export class WalletClient {
  private key: string
  private url: URL
  private agent: http.Agent

  constructor(
    baseUrl: string,
    walletSecret: string,
    private timeoutMs = WALLET_TIMEOUT_MS,
  ) {
    this.key = walletKey(walletSecret)
    this.url = new URL(baseUrl)
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent
    this.agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 30_000 })
  }

  async call<C extends WalletCall>(call: C, body: WalletRequest<C>): Promise<Answer<C>> {
    const payload = JSON.stringify(body)
    let status: number
    let text: string
    try {
      ;({ status, text } = await this.post(`/api/wallet/${call}`, payload))
    } catch (error) {
      throw new WalletUnavailable(`wallet ${call}: ${(error as Error).message}`, { cause: error })
    }
    if (status >= 500) throw new WalletUnavailable(`wallet ${call}: HTTP ${status}`)
    let answer: (Answer<C> & { code?: undefined }) | { code: string } | undefined
    try {
      answer = JSON.parse(text) as typeof answer
    } catch {
      answer = undefined
    }
    if (status < 200 || status > 299) throw new WalletRefusal(answer?.code ?? `http_${status}`, status)
    return answer as Answer<C>
  }

  /** Closes the idle connections (on shutdown). */
  close(): void {
    this.agent.destroy()
  }

  private post(pathname: string, payload: string): Promise<{ status: number; text: string }> {
    const request = this.url.protocol === 'https:' ? https.request : http.request
    return new Promise((resolve, reject) => {
      const req = request(
        {
          protocol: this.url.protocol,
          hostname: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname.replace(/\/$/, '') + pathname,
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-signature': signBody(this.key, payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          )
          res.on('error', reject)
        },
      )
      // A plain timer: an AbortSignal per call showed in the profile of bench:games.
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      )
      req.on('close', () => clearTimeout(timer))
      req.on('error', reject)
      req.end(payload)
    })
  }
}
