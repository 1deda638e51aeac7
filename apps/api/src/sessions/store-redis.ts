import type { ChainableCommander } from 'ioredis'
import type { Redis } from '../lib/redis.ts'
import { isLive, newestFirst, type NewSession, type SessionRecord, type SessionStore } from './store.ts'

/**
 * Stores a new session with the next number of its player, atomically. The index lives as long as
 * the player's longest-lived session. KEYS: session, index, counter; ARGV: id, session TTL (ms),
 * time to the absolute end (ms), then the hash's fields and values.
 */
const CREATE = `
local number = redis.call('INCR', KEYS[3])
redis.call('HSET', KEYS[1], 'number', number, unpack(ARGV, 4))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return number
`

/**
 * Records activity without bringing back a session revoked meanwhile (HSET on a deleted key
 * would create a stub), and moves the expiry: TTL = min(idle timeout, time to the absolute end).
 * KEYS[1] session; ARGV now (ms), idle timeout (ms).
 */
const TOUCH = `
local expires = tonumber(redis.call('HGET', KEYS[1], 'expires_at'))
if not expires then return 0 end
local ttl = math.min(tonumber(ARGV[2]), expires - tonumber(ARGV[1]))
if ttl <= 0 then
  redis.call('DEL', KEYS[1])
  return 0
end
redis.call('HSET', KEYS[1], 'last_seen_at', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
`

type Hash = Record<string, string>

const time = (ms: string) => new Date(Number(ms))
const orNull = (v: string | undefined) => (v ? v : null)

function toRecord(id: string, h: Hash): SessionRecord | null {
  // An empty hash is a key that expired or was revoked.
  if (!h.user_id) return null
  return {
    id,
    userId: BigInt(h.user_id),
    number: Number(h.number),
    createdAt: time(h.created_at!),
    lastSeenAt: time(h.last_seen_at!),
    expiresAt: time(h.expires_at!),
    reauthenticatedAt: h.reauthenticated_at ? time(h.reauthenticated_at) : null,
    ip: orNull(h.ip),
    userAgent: orNull(h.user_agent),
    country: orNull(h.country),
  }
}

/**
 * Sessions in Redis (`REDIS_URL`), shared by every node:
 * - `{prefix}session:{id}`: a hash per session, expiring with it (idle or absolute, whichever first);
 * - `{prefix}player:{userId}:sessions`: a set of the player's session ids, so listing and signing
 *   out are O(the player's sessions); members whose session expired are removed as they are met;
 * - `{prefix}player:{userId}:session-number`: INCR counter for the public numbers (never expires,
 *   so a number is never given to two sessions of one player).
 * Revoking deletes the session's hash.
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private redis: Redis,
    private prefix: string,
    private idleMs: number,
  ) {}

  private sessionKey = (id: string) => `${this.prefix}session:${id}`
  private indexKey = (userId: bigint | string) => `${this.prefix}player:${userId}:sessions`
  private counterKey = (userId: bigint) => `${this.prefix}player:${userId}:session-number`

  async create(s: NewSession): Promise<void> {
    const created = s.createdAt.getTime()
    const fields = {
      user_id: s.userId.toString(),
      created_at: created,
      last_seen_at: created,
      expires_at: s.expiresAt.getTime(),
      reauthenticated_at: s.reauthenticatedAt?.getTime() ?? '',
      ip: s.ip ?? '',
      user_agent: s.userAgent ?? '',
      country: s.country ?? '',
    }
    const lifetime = s.expiresAt.getTime() - created
    await this.redis.eval(
      CREATE,
      3,
      this.sessionKey(s.id),
      this.indexKey(s.userId),
      this.counterKey(s.userId),
      s.id,
      Math.min(this.idleMs, lifetime),
      lifetime,
      ...Object.entries(fields).flat(),
    )
  }

  async get(id: string): Promise<SessionRecord | null> {
    return toRecord(id, await this.redis.hgetall(this.sessionKey(id)))
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.redis.eval(TOUCH, 1, this.sessionKey(id), now.getTime(), this.idleMs)
  }

  async revoke(id: string): Promise<void> {
    const userId = await this.redis.hget(this.sessionKey(id), 'user_id')
    if (userId === null) return
    await exec(this.redis.multi().del(this.sessionKey(id)).srem(this.indexKey(userId), id))
  }

  async revokeNumber(userId: bigint, number: number, now: Date): Promise<string | null> {
    const target = (await this.live(userId, now)).find((s) => s.number === number)
    if (!target) return null
    await this.remove(userId, [target.id])
    return target.id
  }

  async revokeOthers(userId: bigint, keepId: string | null, now: Date): Promise<number> {
    const others = (await this.all(userId)).filter((s) => s.id !== keepId)
    await this.remove(
      userId,
      others.map((s) => s.id),
    )
    return others.filter((s) => isLive(s, now, this.idleMs)).length
  }

  async list(userId: bigint, now: Date): Promise<SessionRecord[]> {
    return (await this.live(userId, now)).sort(newestFirst)
  }

  private async live(userId: bigint, now: Date): Promise<SessionRecord[]> {
    return (await this.all(userId)).filter((s) => isLive(s, now, this.idleMs))
  }

  /** Every stored session of the player; drops index members whose session is gone. */
  private async all(userId: bigint): Promise<SessionRecord[]> {
    const ids = await this.redis.smembers(this.indexKey(userId))
    if (ids.length === 0) return []
    const pipeline = this.redis.pipeline()
    for (const id of ids) pipeline.hgetall(this.sessionKey(id))
    const hashes = (await exec(pipeline)) as Hash[]
    const found: SessionRecord[] = []
    const gone: string[] = []
    ids.forEach((id, i) => {
      const record = toRecord(id, hashes[i] ?? {})
      if (record) found.push(record)
      else gone.push(id)
    })
    if (gone.length) await this.redis.srem(this.indexKey(userId), ...gone)
    return found
  }

  private async remove(userId: bigint, ids: string[]): Promise<void> {
    if (ids.length === 0) return
    await exec(
      this.redis
        .multi()
        .del(...ids.map(this.sessionKey))
        .srem(this.indexKey(userId), ...ids),
    )
  }
}

/** Runs a pipeline or transaction; ioredis reports a failed command inside the results, so raise it. */
async function exec(chain: ChainableCommander): Promise<unknown[]> {
  const results = await chain.exec()
  if (!results) throw new Error('redis transaction aborted')
  return results.map(([error, value]) => {
    if (error) throw error
    return value
  })
}
