import crypto from 'node:crypto'
import type { AccountsRepository } from './repository.ts'
import type { Redis } from '../../lib/redis.ts'

/** Failed sign-ins: at most 100 an hour per account (then locked), 20 per 15 minutes per address. */
export const ACCOUNT_FAILURES_PER_HOUR = 100
export const IP_FAILURES_PER_15_MIN = 20
const ACCOUNT_WINDOW_MS = 3_600_000
const IP_WINDOW_MS = 15 * 60_000

/** An attempt that holds its place under both limits until it is known to have failed or not. */
export interface Attempt {
  /** The password (or code) was wrong: the place stays taken, and the failure is on record. */
  failed(): Promise<void>
  /** It was right: the place is given back. */
  succeeded(): Promise<void>
}

export type AttemptRefusal = 'account_locked' | 'too_many_attempts'

/**
 * The sign-in failure limits (docs/security.md). An attempt takes its place under the account's
 * and the address's limits before the password is checked, atomically: checking the counts, then
 * the password (argon2, tens of milliseconds), then recording the failure let every parallel
 * attempt pass the check before the first was recorded (40 at once from one address: 30 checked,
 * limit 20; issue 19, finding 10). A right password gives its place back.
 *
 * Without Redis the places are `auth_failures` rows, taken under transaction-scoped advisory locks
 * of the address and the account (always in that order) so that counting and inserting are one
 * step for every node of the database. With Redis (`REDIS_URL`) the limits are decided there, in
 * one script per attempt over sorted sets under `REDIS_PREFIX` (a sliding window, as the table's
 * `created_at` is), so every node sharing the Redis shares them; `auth_failures` still records
 * each failure (the player's data export lists them).
 */
export class SignInFailures {
  constructor(
    private repo: AccountsRepository,
    private redis: Redis | null,
    private prefix: string,
    /** The app's clock, in milliseconds. */
    private now: () => number,
  ) {}

  // The address is hashed: a key name is no place for personal data.
  private accountKey = (email: string) =>
    `${this.prefix}sign-in-failures:account:${crypto.createHash('sha256').update(email).digest('base64url')}`
  private ipKey = (ip: string) => `${this.prefix}sign-in-failures:ip:${ip}`

  /** Takes a place under both limits, or names the one that is reached (the account's first). */
  async take(email: string, ip: string): Promise<Attempt | AttemptRefusal> {
    if (this.redis) return this.takeInRedis(this.redis, email, ip)
    // The windows and the stamp they compare are the clock's, never the database's.
    const now = this.now()
    const taken = await this.repo.takeFailurePlace(email, ip, now, {
      accountSince: new Date(now - ACCOUNT_WINDOW_MS),
      ipSince: new Date(now - IP_WINDOW_MS),
      accountMax: ACCOUNT_FAILURES_PER_HOUR,
      ipMax: IP_FAILURES_PER_15_MIN,
    })
    if (typeof taken === 'string') return taken
    return {
      failed: async () => {},
      succeeded: async () => {
        await this.repo.deleteFailure(taken)
      },
    }
  }

  private async takeInRedis(redis: Redis, email: string, ip: string): Promise<Attempt | AttemptRefusal> {
    const member = crypto.randomBytes(8).toString('hex')
    const keys = [this.accountKey(email), this.ipKey(ip)]
    const refused = (await redis.eval(
      TAKE,
      2,
      ...keys,
      this.now(),
      member,
      ACCOUNT_WINDOW_MS,
      ACCOUNT_FAILURES_PER_HOUR,
      IP_WINDOW_MS,
      IP_FAILURES_PER_15_MIN,
    )) as number
    if (refused === 1) return 'account_locked'
    if (refused === 2) return 'too_many_attempts'
    return {
      failed: () => this.insertRecord(email, ip),
      succeeded: async () => {
        await redis.multi().zrem(keys[0]!, member).zrem(keys[1]!, member).exec()
      },
    }
  }

  /** The account's failures are forgiven (a new password set through a reset link). */
  async clear(email: string): Promise<void> {
    if (this.redis) await this.redis.del(this.accountKey(email))
    await this.repo.deleteFailuresOf(email)
  }

  private async insertRecord(email: string, ip: string): Promise<void> {
    await this.repo.insertFailure(email, ip)
  }
}

/**
 * KEYS: the account's and the address's sorted sets (score: time in ms). ARGV: now, member,
 * account window and limit, address window and limit. Answers 1 (account at its limit), 2
 * (address at its limit) or 0 (the attempt is counted under both).
 */
const TAKE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[5]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return 2 end
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('ZADD', KEYS[2], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 0
`
