import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { Redis } from 'ioredis'
import { closeRedis } from '../lib/redis.ts'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import { testRedisUrls } from '../test/redis.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/** Given, so that loading the configuration writes no secrets file. */
const SECRETS = { SESSION_SECRET: 's'.repeat(32), WALLET_SECRET: 'w'.repeat(32) }
/** Nothing listens on port 1 of the loopback. */
const NOWHERE = 'redis://:hunter2-secret@127.0.0.1:1'

describe('the Redis connection', () => {
  it('stops the start with a clear message when Redis does not answer (and keeps the password out of it)', async () => {
    const config = loadConfig({ ...SECRETS, NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL: NOWHERE })
    const start = buildApp({ config, db: ctx.db, logger: false })
    await expect(start).rejects.toThrow(
      /^REDIS_URL: cannot connect to redis:\/\/:\*\*\*@127\.0\.0\.1:1\/? \(.*ECONNREFUSED/,
    )
    await expect(start).rejects.not.toThrow(/hunter2/)
  })

  it('accepts only redis:// and rediss:// URLs', () => {
    const bad = () => loadConfig({ ...SECRETS, REDIS_URL: 'http://127.0.0.1:6379' })
    expect(bad).toThrow(ConfigError)
    expect(bad).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/)
    expect(loadConfig({ ...SECRETS, REDIS_URL: 'rediss://cache.example:6380' }).REDIS_PREFIX).toBe('aurum:')
  })
})

for (const url of testRedisUrls) {
  describe('the Redis connection, with Redis', () => {
    it('logs a dropped connection, reconnects, and requests go on', async () => {
      const lines: string[] = []
      const logs = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString())
          done()
        },
      })
      const node = await createTestApp({ REDIS_URL: url, LOG_LEVEL: 'info' }, logs)
      const killer = new Redis(url)
      try {
        const { sid } = await registerPlayer(node.app)
        const id = await node.app.redis!.client('ID')
        await killer.client('KILL', 'ID', String(id))
        // The session is read over the new connection (the command waits for it).
        const res = await node.app.inject({ url: '/api/player', cookies: { sid } })
        expect(res.statusCode).toBe(200)
        const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg)
        expect(messages).toContain('redis connection lost: reconnecting')
        expect(messages).toContain('redis connection restored')
      } finally {
        await closeRedis(killer)
        await node.close()
      }
      expect(node.app.redis!.status).toBe('end')
    })
  })
}
