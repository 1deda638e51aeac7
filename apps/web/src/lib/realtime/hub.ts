import type { HttpClient } from '../http/client.ts'
import type { Logger } from '../logger.ts'
import { loadChunk } from '../chunks.ts'
import { createStore, type Store } from '../store.ts'
import type { RealtimeCallback } from './call.ts'
import type { RealtimeConnection } from './connection.ts'
import { RealtimeEmitter, type RealtimeMessage, type RealtimeSnapshot } from './events.ts'

export type ConnectionModule = Pick<typeof import('./connection.ts'), 'createRealtimeConnection'>

/**
 * The app's side of the realtime hub, part of the services: the emitter other code listens on
 * (`websocket.balance`, `websocket.wins`…) and the connection's state. The connection itself
 * (the centrifuge client) is a chunk loaded on the first `connect`, which the app makes after
 * hydration; during server rendering nothing connects.
 */
export class RealtimeHub {
  readonly events = new RealtimeEmitter()
  readonly store: Store<RealtimeSnapshot> = createStore<RealtimeSnapshot>({
    status: 'idle',
    channels: [],
    user: null,
  })
  private connection: Promise<RealtimeConnection> | undefined
  private identity: string | undefined

  constructor(
    private readonly deps: {
      http: HttpClient
      logger: Logger
      load?: () => Promise<ConnectionModule>
    },
  ) {}

  /**
   * Connects for this visitor: the player's id, '' for a guest. Another identity (a sign-in or
   * sign-out) reconnects with fresh credentials; the same one changes nothing.
   */
  connect(identity: string): void {
    if (typeof window === 'undefined' || identity === this.identity) return
    this.identity = identity
    const connection = (this.connection ??= this.load())
    connection
      .then((c) => c.start())
      .catch((error: unknown) => this.deps.logger.log('error', 'REALTIME_ERROR', error, { identity }))
  }

  stop(): void {
    this.identity = undefined
    void this.connection?.then((c) => c.stop())
  }

  /** A real-time call (spec §4): exactly one of callback and errback runs, errback with error and advice. */
  call(message: RealtimeMessage, callback: RealtimeCallback, errback: RealtimeCallback): void {
    if (!this.connection) {
      errback({ ...message, error: 'disconnected', advice: 'retry' })
      return
    }
    this.connection.then(
      (c) => c.call(message, callback, errback),
      () => errback({ ...message, error: 'disconnected', advice: 'retry' }),
    )
  }

  private load(): Promise<RealtimeConnection> {
    const load = this.deps.load ?? (() => import('./connection.ts'))
    const { http, logger } = this.deps
    return loadChunk(load).then(
      (module) => module.createRealtimeConnection({ http, logger, events: this.events, store: this.store }),
      (error: unknown) => {
        // The next connect tries the chunk again.
        this.connection = undefined
        this.identity = undefined
        throw error
      },
    )
  }
}
