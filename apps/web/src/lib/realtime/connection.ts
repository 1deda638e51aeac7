import {
  Centrifuge,
  State,
  SubscriptionState,
  UnauthorizedError,
  type Options,
  type PublicationContext,
  type SubscribedContext,
  type Subscription,
} from 'centrifuge'
import {
  channelEventName,
  PRIVATE_CHANNELS,
  privateChannel,
  PUBLIC_CHANNELS,
  publicChannel,
  REALTIME_CLIENT,
  type UserSettings,
} from '@aurum/shared'
import type { HttpClient } from '../http/client.ts'
import type { Logger } from '../logger.ts'
import type { Store } from '../store.ts'
import { SubscriptionAuthorizer, type AuthorizationAnswer } from './auth.ts'
import { registerCall, type RealtimeCallback } from './call.ts'
import { fromClientError, REALTIME_ERRORS, RealtimeError } from './errors.ts'
import type { RealtimeEmitter, RealtimeMessage, RealtimeSnapshot } from './events.ts'
import { openOnlySocket } from './socket.ts'

/** GET /api/player/settings: the connection's credentials (`cent`), for guests too. */
export const SETTINGS_URL = '/api/player/settings'

/** What the connection uses of a centrifuge client, so that tests can stand in for one. */
export type RealtimeClient = Pick<
  Centrifuge,
  | 'state'
  | 'on'
  | 'connect'
  | 'disconnect'
  | 'newSubscription'
  | 'getSubscription'
  | 'publish'
  | 'presence'
  | 'history'
>
export type ClientFactory = (url: string, options: Partial<Options>) => RealtimeClient

export interface ConnectionDeps {
  http: HttpClient
  logger: Logger
  events: RealtimeEmitter
  store: Store<RealtimeSnapshot>
  createClient?: ClientFactory
}

/** Centrifuge clients on the browser's WebSocket, quiet about writes after the hub closed it. */
function browserClient(): ClientFactory {
  const websocket = openOnlySocket(WebSocket)
  return (url, options) => new Centrifuge(url, { websocket, ...options })
}

/** The same problem is logged once a minute at most (a hub that is down would flood PUT /log). */
const REPORT_INTERVAL_MS = 60_000

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  settled: boolean
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  const d: Deferred<T> = { promise, resolve: (v) => ((d.settled = true), resolve(v)), settled: false }
  return d
}

/** The events a channel's messages are re-emitted under. */
const eventOf = (channel: string): `websocket.${string}` => `websocket.${channelEventName(channel)}`

/**
 * The browser's connection to the realtime hub (spec §7, api-shapes §7.1 legacy mode), loaded as
 * a chunk of its own after hydration: one centrifuge client built from the `cent` credentials,
 * the public channels for everyone and the private ones of a signed-in player, whose
 * subscription tokens come from the auth endpoint. Messages are re-emitted as
 * `websocket.<name>`; the connection's state goes to the store.
 */
export class RealtimeConnection {
  private client: RealtimeClient | null = null
  private user = ''
  private clientId = deferred<string>()
  private lastClientId: string | null = null
  private generation = 0
  /** Start-overs after the server refused a reconnect, since the last connection: their backoff. */
  private restarts = 0
  private readonly subscribedOnce = new Set<string>()
  private readonly reported = new Map<string, number>()
  private readonly createClient: ClientFactory
  private authorizer: SubscriptionAuthorizer | null = null

  constructor(private readonly deps: ConnectionDeps) {
    this.createClient = deps.createClient ?? browserClient()
  }

  /**
   * Connects with fresh credentials; when connected already with the same player, nothing
   * changes. The latest call wins when calls overlap (sign-in and sign-out in quick succession).
   */
  async start(): Promise<void> {
    const generation = ++this.generation
    let cent: UserSettings['cent'] | undefined
    // Without credentials there is no connection: ask again, backing off like the client's
    // reconnects (the failure itself is logged by the http client).
    for (let attempt = 0; !cent; attempt++) {
      try {
        cent = (await this.deps.http.get<UserSettings>(SETTINGS_URL)).cent
      } catch {
        if (generation !== this.generation) return
        const delay = Math.min(
          REALTIME_CLIENT.minReconnectDelay * 2 ** attempt,
          REALTIME_CLIENT.maxReconnectDelay,
        )
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
      if (generation !== this.generation) return
    }
    if (this.client && this.client.state !== State.Disconnected && cent.user === this.user) return
    this.teardown()
    this.build(cent)
  }

  /** Closes the connection; the app keeps working without it (the balance is polled). */
  stop(): void {
    this.generation++
    this.teardown()
    this.setSnapshot({ status: 'idle', channels: [], user: null })
  }

  /** A real-time call (spec §4) on a subscribed channel: publish, presence or history. */
  call(message: RealtimeMessage, callback: RealtimeCallback, errback: RealtimeCallback): string {
    const client = this.client
    const { channel } = message.params
    return registerCall({
      message,
      timeoutMs: REALTIME_CLIENT.timeout,
      callback,
      errback,
      onError: (error) => this.report(error, { method: message.method }),
      run: () => {
        if (!client || client.state !== State.Connected)
          throw new RealtimeError(REALTIME_ERRORS.disconnected, 'retry', channel)
        if (client.getSubscription(channel)?.state !== SubscriptionState.Subscribed)
          throw new RealtimeError(REALTIME_ERRORS.unsubscribed, 'fix', channel)
        if (message.method === 'publish') return client.publish(channel, message.params.data)
        if (message.method === 'presence') return client.presence(channel)
        return client.history(channel, { limit: message.params.limit ?? 10 })
      },
    })
  }

  private build(cent: UserSettings['cent']) {
    this.user = cent.user
    this.clientId = deferred()
    this.lastClientId = null
    this.subscribedOnce.clear()
    const authorizer = new SubscriptionAuthorizer({
      post: (request) => this.deps.http.post<AuthorizationAnswer>(cent.authEndpoint, request),
      report: (error, context) => this.report(error, context),
    })
    this.authorizer = authorizer
    const client = this.createClient(cent.url, {
      token: cent.token,
      getToken: async () => {
        const fresh = (await this.deps.http.get<UserSettings>(SETTINGS_URL)).cent
        if (fresh.user !== cent.user) {
          // Signed in or out elsewhere (another tab): this connection ends, a new one has the
          // new player's channels.
          if (this.client === client) {
            this.teardown()
            this.start().catch((error: unknown) => this.report(error))
          }
          throw new UnauthorizedError('the player changed')
        }
        return fresh.token
      },
      minReconnectDelay: REALTIME_CLIENT.minReconnectDelay,
      maxReconnectDelay: REALTIME_CLIENT.maxReconnectDelay,
      timeout: REALTIME_CLIENT.timeout,
    })
    this.client = client
    const current = () => this.client === client
    const privateChannels = cent.user ? PRIVATE_CHANNELS.map((name) => privateChannel(name, cent.user)) : []

    client.on('state', ({ newState }) => {
      if (!current()) return
      if (newState !== State.Connected && this.clientId.settled) this.clientId = deferred()
      this.setSnapshot({ status: newState })
    })
    client.on('connected', (ctx) => {
      if (!current()) return
      if (this.lastClientId && this.lastClientId !== ctx.client) authorizer.forget(this.lastClientId)
      this.lastClientId = ctx.client
      this.restarts = 0
      // One request for every private channel; the subscriptions' getToken calls find them.
      if (privateChannels.length) authorizer.prefetch(ctx.client, privateChannels)
      this.clientId.resolve(ctx.client)
    })
    client.on('disconnected', (ctx) => {
      if (!current()) return
      // Code 0 is our own disconnect(). Anything else is the server's refusal to have the client
      // reconnect (token refused, session ended): after a while, start over with fresh credentials,
      // as a guest when the session is over.
      if (ctx.code === 0) return
      this.report(new RealtimeError(REALTIME_ERRORS.disconnected, 'retry'), {
        code: ctx.code,
        reason: ctx.reason,
      })
      const generation = this.generation
      const delay = Math.min(
        REALTIME_CLIENT.minReconnectDelay * 2 ** this.restarts++,
        REALTIME_CLIENT.maxReconnectDelay,
      )
      setTimeout(() => {
        if (generation === this.generation && current())
          this.start().catch((error: unknown) => this.report(error))
      }, delay)
    })
    client.on('error', (ctx) => {
      if (!current()) return
      this.report(fromClientError(ctx.error), { type: ctx.type })
    })

    const subscribe = (channel: string, signed: boolean) => {
      const sub: Subscription = client.newSubscription(
        channel,
        signed ? { getToken: async () => authorizer.sign(await this.clientId.promise, channel) } : {},
      )
      sub.on('publication', (ctx: PublicationContext) => {
        if (!current()) return
        this.deps.events.emit(eventOf(ctx.channel), ctx.data, (error) =>
          this.deps.logger.log('error', 'REALTIME_HANDLER_ERROR', error, { channel: ctx.channel }),
        )
      })
      sub.on('subscribed', (ctx: SubscribedContext) => {
        if (!current()) return
        this.setChannel(channel, true)
        // A resubscription that could not replay what it missed: whoever shows the channel's
        // data reloads it (a first subscription follows the page's own load).
        if (this.subscribedOnce.has(channel) && !(ctx.wasRecovering && ctx.recovered)) {
          this.deps.events.emit('realtime.resync', { channel, name: channelEventName(channel) })
        }
        this.subscribedOnce.add(channel)
      })
      sub.on('subscribing', () => current() && this.setChannel(channel, false))
      sub.on('unsubscribed', (ctx) => {
        if (!current()) return
        this.setChannel(channel, false)
        if (ctx.code !== 0)
          this.report(new RealtimeError(REALTIME_ERRORS.unsubscribed, 'fix', channel), {
            code: ctx.code,
            reason: ctx.reason,
          })
      })
      sub.on('error', (ctx) => {
        if (!current()) return
        // Token errors were reported where they arose (the auth endpoint's answer).
        if (ctx.type === 'subscribeToken' || ctx.type === 'refreshToken') return
        this.report(fromClientError(ctx.error, channel), { type: ctx.type })
      })
      sub.subscribe()
    }
    for (const name of PUBLIC_CHANNELS) subscribe(publicChannel(name), false)
    for (const channel of privateChannels) subscribe(channel, true)

    this.setSnapshot({ status: 'connecting', channels: [], user: cent.user })
    client.connect()
  }

  private teardown() {
    const client = this.client
    if (!client) return
    this.client = null
    if (this.lastClientId) this.authorizer?.forget(this.lastClientId)
    this.authorizer = null
    client.disconnect()
  }

  private setChannel(channel: string, subscribed: boolean) {
    const name = channelEventName(channel)
    const { channels } = this.deps.store.get()
    if (subscribed === channels.includes(name)) return
    this.setSnapshot({ channels: subscribed ? [...channels, name] : channels.filter((c) => c !== name) })
  }

  private setSnapshot(patch: Partial<RealtimeSnapshot>) {
    this.deps.store.set(
      patch.status === 'connected' || patch.status === undefined ? patch : { channels: [], ...patch },
    )
  }

  /** Logs a spec §8 error with its advice: `fix` as an error, `retry` as a warning. */
  private report(error: unknown, context: Record<string, unknown> = {}) {
    const realtime = error instanceof RealtimeError ? error : fromClientError(error)
    const detail = context.code ?? context.type
    const key = `${realtime.message}|${realtime.channel ?? ''}|${typeof detail === 'number' || typeof detail === 'string' ? detail : ''}`
    const now = Date.now()
    if (now - (this.reported.get(key) ?? -Infinity) < REPORT_INTERVAL_MS) return
    this.reported.set(key, now)
    this.deps.logger.log(realtime.advice === 'fix' ? 'error' : 'warn', 'REALTIME_ERROR', realtime, {
      ...context,
      error: realtime.error,
      advice: realtime.advice,
      channel: realtime.channel,
    })
  }
}

export function createRealtimeConnection(deps: ConnectionDeps): RealtimeConnection {
  return new RealtimeConnection(deps)
}
