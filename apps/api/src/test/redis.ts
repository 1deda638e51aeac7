import crypto from 'node:crypto'
import type { Redis } from '../lib/redis.ts'

/**
 * The Redis under test: set TEST_REDIS_URL (scripts/test.mjs and .ci/run do when Redis answers)
 * and the Redis cases join the others; without it they are not in the list at all.
 */
export const testRedisUrls: string[] = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : []

/** A key prefix of its own for each test run, so runs never see each other's keys. */
export const randomRedisPrefix = () => `aurum-test:${crypto.randomBytes(8).toString('hex')}:`

/** Deletes every key under the prefix (the end of a test run). */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
    if (keys.length) await redis.unlink(...keys)
    cursor = next
  } while (cursor !== '0')
}

export const quietLog = { error() {}, warn() {}, info() {} }
