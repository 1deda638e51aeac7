import crypto from 'node:crypto'
import { z } from 'zod'
import { closeRedis, type Redis } from './redis.ts'

/** The data the caches of a node hold, named after what changes it. */
export const CACHE_SCOPES = ['cms', 'info', 'catalogue'] as const
export type CacheScope = (typeof CACHE_SCOPES)[number]

/** What to forget: the entries of a scope whose keys start with one of `keys`; without keys, all of it. */
export interface CacheInvalidation {
  scope: CacheScope
  keys?: string[]
}

type Listener = (message: CacheInvalidation) => void
type Log = Record<'error' | 'warn', (obj: object, msg: string) => void>

/**
 * How a change reaches every node's caches. The code that changes cached data calls `invalidate`
 * after its transaction has committed; each cache `subscribe`s and drops what is named.
 */
export interface CacheBus {
  /** Drops the entries on this node before it returns, then on the other nodes. */
  invalidate(message: CacheInvalidation): Promise<void>
  /** Calls `listener` with every invalidation, this node's and the others'; returns the unsubscribe. */
  subscribe(listener: Listener): () => void
  close(): Promise<void>
}

/** Every scope at once: what a node forgets when it may have missed messages. */
const EVERYTHING: CacheInvalidation[] = CACHE_SCOPES.map((scope) => ({ scope }))

/** Drops every cache of every node: after the seed, which writes all of the cached data. */
export async function invalidateEverything(bus: CacheBus): Promise<void> {
  for (const message of EVERYTHING) await bus.invalidate(message)
}

abstract class ListeningBus {
  private listeners = new Set<Listener>()

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  protected apply(message: CacheInvalidation): void {
    for (const listener of this.listeners) listener(message)
  }
}

/** One node alone: an invalidation goes to this process's caches only. */
export class LocalCacheBus extends ListeningBus implements CacheBus {
  invalidate(message: CacheInvalidation): Promise<void> {
    this.apply(message)
    return Promise.resolve()
  }

  close(): Promise<void> {
    return Promise.resolve()
  }
}

const wireMessage = z.object({
  node: z.string(),
  scope: z.enum(CACHE_SCOPES),
  keys: z.array(z.string()).optional(),
})

/**
 * Several nodes (`REDIS_URL`): an invalidation is published on one pub/sub channel, which every
 * node's subscriber (a connection of its own: a subscribed connection can send nothing else)
 * hands to its caches. Pub/sub keeps nothing for a node that is not listening, so a subscriber
 * that reconnects drops every cache: a message may have passed while it was away.
 */
export class RedisCacheBus extends ListeningBus implements CacheBus {
  private readonly node = crypto.randomUUID()
  private readonly channel: string

  private constructor(
    private redis: Redis,
    private subscriber: Redis,
    prefix: string,
    private log: Log,
  ) {
    super()
    this.channel = `${prefix}cache:invalidate`
  }

  static async start(redis: Redis, prefix: string, log: Log): Promise<RedisCacheBus> {
    // Named, so that an operator (and a test) can tell it in CLIENT LIST.
    const subscriber = redis.duplicate({ connectionName: `${prefix}cache-subscriber` })
    const bus = new RedisCacheBus(redis, subscriber, prefix, log)
    subscriber.on('error', (err: Error) =>
      log.error({ err: err.message }, 'cache invalidation subscriber error'),
    )
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === bus.channel) bus.received(text)
    })
    try {
      await subscriber.subscribe(bus.channel)
    } catch (error) {
      // The node does not start; its connection must not linger.
      subscriber.disconnect()
      throw error
    }
    // Every later 'ready' is a reconnection (ioredis subscribes again by itself).
    subscriber.on('ready', () => {
      log.warn({}, 'cache invalidation subscriber reconnected: every cache dropped')
      for (const message of EVERYTHING) bus.apply(message)
    })
    return bus
  }

  private received(text: string): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    const message = wireMessage.safeParse(parsed)
    if (!message.success) {
      this.log.error({ message: text.slice(0, 200) }, 'malformed cache invalidation ignored')
      return
    }
    // This node applied its own at once.
    if (message.data.node === this.node) return
    const { scope, keys } = message.data
    this.apply(keys ? { scope, keys } : { scope })
  }

  async invalidate(message: CacheInvalidation): Promise<void> {
    this.apply(message)
    try {
      await this.redis.publish(this.channel, JSON.stringify({ node: this.node, ...message }))
    } catch (err) {
      // The change itself is committed: the other nodes see it when their entries expire.
      this.log.error(
        { err: (err as Error).message, scope: message.scope },
        'cache invalidation not published',
      )
    }
  }

  close(): Promise<void> {
    return closeRedis(this.subscriber)
  }
}
