import type { Redis } from '../lib/redis.ts'
import {
  newEpoch,
  type Broker,
  type BrokerHandlers,
  type ClientInfo,
  type ControlMessage,
  type HistoryPolicy,
  type HistoryQuery,
  type HistoryResult,
  type StreamPosition,
} from './broker.ts'

type Log = Record<'error' | 'warn', (obj: object, msg: string) => void>

/** How long a stream's position (epoch and offset) is kept after its last publication. */
const POSITION_TTL_SECONDS = 24 * 3600

/** Makes the stream's meta (epoch, offset) if it is missing; a new epoch starts an empty stream. */
const ENSURE = `
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('del', KEYS[1])
  redis.call('hset', KEYS[2], 'e', epoch, 'o', 0)
end
redis.call('expire', KEYS[2], ARGV[2])
`

/** KEYS: stream, meta. ARGV: epoch, position ttl, data, size, history ttl, pub/sub channel, channel. */
const PUBLISH = `${ENSURE}
local offset = redis.call('hincrby', KEYS[2], 'o', 1)
redis.call('xadd', KEYS[1], 'MAXLEN', ARGV[4], offset .. '-0', 'd', ARGV[3])
redis.call('expire', KEYS[1], ARGV[5])
redis.call('publish', ARGV[6], ARGV[7] .. '\\n' .. offset .. '\\n' .. epoch .. '\\n' .. ARGV[3])
return {offset, epoch}
`

/** KEYS: stream, meta. ARGV: epoch, position ttl, start, end, count, reverse ('1'). */
const HISTORY = `${ENSURE}
local offset = redis.call('hget', KEYS[2], 'o')
local entries = {}
if tonumber(ARGV[5]) > 0 then
  if ARGV[6] == '1' then
    entries = redis.call('xrevrange', KEYS[1], ARGV[4], ARGV[3], 'COUNT', ARGV[5])
  else
    entries = redis.call('xrange', KEYS[1], ARGV[3], ARGV[4], 'COUNT', ARGV[5])
  end
end
return {offset, epoch, entries}
`

type StreamEntry = [string, string[]]

/**
 * The broker for several api nodes (`REDIS_URL`): each channel's history is a Redis stream (its
 * entries' ids are the offsets) with a meta hash (epoch, last offset), written by one script that
 * also publishes, so offsets are gapless and in publication order on every node. Every node
 * receives every publication on one pub/sub channel and delivers it to its own subscribers.
 */
export class RedisBroker implements Broker {
  readonly distributed = true
  private subscriber: Redis | null = null
  private readonly pubChannel: string
  private readonly controlChannel: string

  constructor(
    private redis: Redis,
    private prefix: string,
    private log: Log,
  ) {
    this.pubChannel = `${prefix}rt:pub`
    this.controlChannel = `${prefix}rt:ctl`
  }

  private keys(channel: string): [string, string] {
    return [`${this.prefix}rt:s:${channel}`, `${this.prefix}rt:m:${channel}`]
  }

  async start(handlers: BrokerHandlers): Promise<void> {
    const subscriber = this.redis.duplicate()
    this.subscriber = subscriber
    subscriber.on('error', (err: Error) => this.log.error({ err: err.message }, 'realtime subscriber error'))
    subscriber.on('message', (channel: string, message: string) => {
      try {
        if (channel === this.pubChannel) {
          const a = message.indexOf('\n')
          const b = message.indexOf('\n', a + 1)
          const c = message.indexOf('\n', b + 1)
          handlers.publication({
            channel: message.slice(0, a),
            offset: Number(message.slice(a + 1, b)),
            epoch: message.slice(b + 1, c),
            data: message.slice(c + 1),
          })
        } else if (channel === this.controlChannel) {
          handlers.control(JSON.parse(message) as ControlMessage)
        }
      } catch (err) {
        this.log.error({ err: (err as Error).message }, 'realtime message from redis could not be handled')
      }
    })
    await subscriber.subscribe(this.pubChannel, this.controlChannel)
  }

  async publish(channel: string, data: string, history: HistoryPolicy | null): Promise<StreamPosition> {
    if (!history) {
      await this.redis.publish(this.pubChannel, `${channel}\n0\n\n${data}`)
      return { offset: 0, epoch: '' }
    }
    const [stream, meta] = this.keys(channel)
    const [offset, epoch] = (await this.redis.eval(
      PUBLISH,
      2,
      stream,
      meta,
      newEpoch(),
      POSITION_TTL_SECONDS,
      data,
      history.size,
      history.ttlSeconds,
      this.pubChannel,
      channel,
    )) as [number, string]
    return { offset, epoch }
  }

  async position(channel: string): Promise<StreamPosition> {
    const { position } = await this.history(channel, { limit: 0 })
    return position
  }

  async history(channel: string, query: HistoryQuery): Promise<HistoryResult> {
    const [stream, meta] = this.keys(channel)
    const after = query.since ? `(${query.since.offset}-0` : '-'
    const [offset, epoch, entries] = (await this.redis.eval(
      HISTORY,
      2,
      stream,
      meta,
      newEpoch(),
      POSITION_TTL_SECONDS,
      query.reverse ? '-' : after,
      query.reverse ? (query.since ? `(${query.since.offset}-0` : '+') : '+',
      Math.max(0, query.limit),
      query.reverse ? '1' : '0',
    )) as [string | number, string, StreamEntry[]]
    return {
      publications: entries.map(([id, fields]) => ({
        offset: Number(id.slice(0, id.indexOf('-'))),
        data: fields[1]!,
      })),
      position: { offset: Number(offset), epoch },
    }
  }

  async control(message: ControlMessage): Promise<void> {
    await this.redis.publish(this.controlChannel, JSON.stringify(message))
  }

  private presenceKey(channel: string) {
    return `${this.prefix}rt:p:${channel}`
  }

  async addPresence(channel: string, info: ClientInfo, ttlSeconds: number): Promise<void> {
    const key = this.presenceKey(channel)
    await this.redis
      .multi()
      .hset(key, info.client, JSON.stringify({ ...info, until: Date.now() + ttlSeconds * 1000 }))
      .expire(key, ttlSeconds)
      .exec()
  }

  async removePresence(channel: string, client: string): Promise<void> {
    await this.redis.hdel(this.presenceKey(channel), client)
  }

  async presence(channel: string): Promise<ClientInfo[]> {
    const key = this.presenceKey(channel)
    const all = await this.redis.hgetall(key)
    const now = Date.now()
    const live: ClientInfo[] = []
    const gone: string[] = []
    for (const [client, value] of Object.entries(all)) {
      const entry = JSON.parse(value) as ClientInfo & { until: number }
      if (entry.until > now) live.push({ client: entry.client, user: entry.user })
      else gone.push(client)
    }
    // A node that died left its entries behind: they go once they are past their time.
    if (gone.length) await this.redis.hdel(key, ...gone)
    return live
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber
    this.subscriber = null
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect())
  }
}
