import type { GameLimitNotice, PaymentChangeNotice, UserAccount, WinNotice } from '@aurum/shared'

/**
 * What the realtime hub emits. Channel messages are re-emitted by type as `websocket.<name>`
 * (`channelEventName`, api-shapes §7.1) with the message's data; `realtime.resync` asks for a
 * reload when a resubscribed channel could not replay what it missed.
 */
export interface RealtimeEventMap {
  /** One wallet, shaped like IUserAccount (at least its currency). */
  'websocket.balance': Partial<UserAccount> & Pick<UserAccount, 'currency'>
  'websocket.payments_changes': PaymentChangeNotice
  'websocket.wins': WinNotice
  'websocket.game_limits': GameLimitNotice
  'realtime.resync': { channel: string; name: string }
}

export type RealtimeEventName = keyof RealtimeEventMap | `websocket.${string}`
export type RealtimePayload<K extends RealtimeEventName> = K extends keyof RealtimeEventMap
  ? RealtimeEventMap[K]
  : unknown

/** A small typed emitter: `on` answers the function that removes the listener. */
export class RealtimeEmitter {
  private listeners = new Map<string, Set<(payload: never) => void>>()

  on<K extends RealtimeEventName>(event: K, listener: (payload: RealtimePayload<K>) => void): () => void {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    const entry = listener as (payload: never) => void
    set.add(entry)
    return () => {
      set.delete(entry)
    }
  }

  /** A failing listener does not keep the message from the others; the failure goes to onError. */
  emit<K extends RealtimeEventName>(
    event: K,
    payload: RealtimePayload<K>,
    onError?: (error: unknown) => void,
  ): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        ;(listener as (payload: RealtimePayload<K>) => void)(payload)
      } catch (error) {
        onError?.(error)
      }
    }
  }

  listenerCount(event: RealtimeEventName): number {
    return this.listeners.get(event)?.size ?? 0
  }
}

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected'

/** The connection as the app sees it. */
export interface RealtimeSnapshot {
  status: RealtimeStatus
  /** Event names (`balance`, `wins`…) of the channels subscribed right now. */
  channels: readonly string[]
  /** The connection's player ('' for a guest), null before the first connection. */
  user: string | null
}

/** Updates of a channel arrive live: the connection is up and the channel subscribed. */
export const isLive = (snapshot: RealtimeSnapshot, name: string) =>
  snapshot.status === 'connected' && snapshot.channels.includes(name)

/** Spec §3 "Real-time message": a call to the hub and its answer or error. */
export interface RealtimeMessage {
  method: 'publish' | 'presence' | 'history'
  params: { channel: string; data?: unknown; limit?: number }
  uid?: string
  error?: string | number
  advice?: 'fix' | 'retry'
  body?: unknown
}
