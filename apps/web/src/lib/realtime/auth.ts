import type * as Contract from '@aurum/shared/contracts/realtime'
import { REALTIME_ERRORS, RealtimeError } from './errors.ts'

/**
 * One channel in the auth endpoint's answer (spec §7): status absent or 200 means OK, `sign` is the
 * token. Read as possibly partial, as is a channel missing from the answer.
 */
export type ChannelAuthorization = Partial<Contract.AuthorizationAnswer[string]>
export type AuthorizationAnswer = Record<string, ChannelAuthorization | undefined>
export type AuthorizationRequest = Contract.AuthorizationRequest

/** Channels per request to the auth endpoint. */
export const AUTH_BATCH_SIZE = 32

interface Waiter {
  channel: string
  resolve: (sign: string) => void
  reject: (error: RealtimeError) => void
}

/**
 * Subscription tokens of private channels (spec §7, §8). A sign is minted for one connection
 * (its client id), so they are kept per client id. The channels asked for at the same moment
 * (every private channel after connecting, or after a reconnect) go in one request; a sign is
 * used once, so a later ask for the same channel (a token refresh) asks the endpoint again.
 */
export class SubscriptionAuthorizer {
  private readonly signs = new Map<string, Map<string, Promise<string>>>()
  private readonly queued = new Map<string, Waiter[]>()
  private flushScheduled = false

  constructor(
    private readonly options: {
      post: (request: AuthorizationRequest) => Promise<AuthorizationAnswer>
      /** Every error produced here, once, with its context (the channels of a failed request). */
      report: (error: RealtimeError, context: Record<string, unknown>) => void
    },
  ) {}

  /** Asks for the signs of these channels now, in requests of up to 32 channels. */
  prefetch(client: string, channels: readonly string[]): void {
    const known = this.cache(client)
    for (const channel of channels) if (!known.has(channel)) this.enqueue(client, channel)
    this.flush()
  }

  /** The sign for a channel on this connection: the one fetched already (used once), else asked for. */
  sign(client: string, channel: string): Promise<string> {
    const known = this.cache(client)
    let sign = known.get(channel)
    if (!sign) {
      this.enqueue(client, channel)
      sign = known.get(channel)!
      if (!this.flushScheduled) {
        this.flushScheduled = true
        // The subscriptions of a connection ask one after another in the same task: one request.
        queueMicrotask(() => this.flush())
      }
    }
    known.delete(channel)
    return sign
  }

  /** Drops what was fetched for a connection that has ended. */
  forget(client: string): void {
    this.signs.delete(client)
  }

  private cache(client: string): Map<string, Promise<string>> {
    let known = this.signs.get(client)
    if (!known) this.signs.set(client, (known = new Map<string, Promise<string>>()))
    return known
  }

  private enqueue(client: string, channel: string) {
    const promise = new Promise<string>((resolve, reject) => {
      const waiters = this.queued.get(client) ?? []
      waiters.push({ channel, resolve, reject })
      this.queued.set(client, waiters)
    })
    // A sign fetched ahead and never used must not surface as an unhandled rejection.
    promise.catch(() => undefined)
    this.cache(client).set(channel, promise)
  }

  private flush() {
    this.flushScheduled = false
    const queued = [...this.queued]
    this.queued.clear()
    for (const [client, waiters] of queued) {
      for (let i = 0; i < waiters.length; i += AUTH_BATCH_SIZE) {
        void this.request(client, waiters.slice(i, i + AUTH_BATCH_SIZE))
      }
    }
  }

  private async request(client: string, waiters: Waiter[]) {
    const channels = waiters.map((w) => w.channel)
    let answer: AuthorizationAnswer
    try {
      answer = await this.options.post({ client, channels })
      if (!answer || typeof answer !== 'object') throw new Error('the answer is not an object')
    } catch (cause) {
      this.options.report(
        new RealtimeError(REALTIME_ERRORS.authorizationFailed, 'fix', undefined, { cause }),
        {
          channels,
          client,
        },
      )
      for (const w of waiters)
        w.reject(new RealtimeError(REALTIME_ERRORS.authorizationFailed, 'fix', w.channel, { cause }))
      return
    }
    for (const w of waiters) {
      const entry = answer[w.channel]
      let error: RealtimeError | undefined
      if (!entry || typeof entry !== 'object') {
        error = new RealtimeError(REALTIME_ERRORS.channelNotFound, 'fix', w.channel)
      } else if (entry.status !== undefined && entry.status !== 200) {
        // Spec §8: a channel's non-200 status is the error itself.
        error = new RealtimeError(entry.status, 'fix', w.channel)
      }
      if (error) {
        this.options.report(error, { channel: w.channel, client, info: entry?.info })
        w.reject(error)
      } else {
        w.resolve(entry!.sign ?? '')
      }
    }
  }
}
