import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalCacheBus, RedisCacheBus, type CacheInvalidation } from './cache-bus.ts'
import { connectRedis, closeRedis, type Redis } from './redis.ts'
import { pollUntil } from '../test/nodes.ts'
import { quietLog, randomRedisPrefix, testRedisUrls } from '../test/redis.ts'

describe('LocalCacheBus', () => {
  it('hands an invalidation to every listener of this process before it resolves', async () => {
    const bus = new LocalCacheBus()
    const heard: CacheInvalidation[] = []
    const stop = bus.subscribe((m) => heard.push(m))
    const done = bus.invalidate({ scope: 'cms', keys: ['pages:'] })
    expect(heard).toEqual([{ scope: 'cms', keys: ['pages:'] }])
    await done
    stop()
    await bus.invalidate({ scope: 'info' })
    expect(heard).toHaveLength(1)
  })
})

for (const url of testRedisUrls) {
  describe('RedisCacheBus (two nodes)', () => {
    const prefix = randomRedisPrefix()
    let redis: Redis[]
    let a: RedisCacheBus
    let b: RedisCacheBus
    const heardByA: CacheInvalidation[] = []
    const heardByB: CacheInvalidation[] = []
    beforeAll(async () => {
      redis = [await connectRedis(url, quietLog), await connectRedis(url, quietLog)]
      a = await RedisCacheBus.start(redis[0]!, prefix, quietLog)
      b = await RedisCacheBus.start(redis[1]!, prefix, quietLog)
      a.subscribe((m) => heardByA.push(m))
      b.subscribe((m) => heardByB.push(m))
    })
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()])
      await Promise.all(redis.map((r) => closeRedis(r)))
    })

    it("reaches the other node's listeners at once and this node's only once", async () => {
      heardByA.length = heardByB.length = 0
      await a.invalidate({ scope: 'cms', keys: ['page:faq:', 'pages:'] })
      // Applied on the node that made the change before invalidate resolved.
      expect(heardByA).toEqual([{ scope: 'cms', keys: ['page:faq:', 'pages:'] }])
      const { ms } = await pollUntil(
        async () => heardByB.length,
        (n) => n > 0,
        1_000,
      )
      expect(heardByB).toEqual([{ scope: 'cms', keys: ['page:faq:', 'pages:'] }])
      expect(ms).toBeLessThan(1_000)
      await b.invalidate({ scope: 'catalogue' })
      await pollUntil(
        async () => heardByA.length,
        (n) => n > 1,
        1_000,
      )
      expect(heardByA).toEqual([{ scope: 'cms', keys: ['page:faq:', 'pages:'] }, { scope: 'catalogue' }])
      expect(heardByB).toHaveLength(2)
    })

    it('ignores a message that is not an invalidation', async () => {
      heardByA.length = heardByB.length = 0
      for (const junk of ['not json', '{"node":"x","scope":"everything"}', '{"scope":"cms"}']) {
        await redis[0]!.publish(`${prefix}cache:invalidate`, junk)
      }
      // A well-formed message after the junk: once it arrived, the junk was seen (and dropped) before it.
      await redis[0]!.publish(`${prefix}cache:invalidate`, JSON.stringify({ node: 'another', scope: 'info' }))
      await pollUntil(
        async () => heardByB.length,
        (n) => n > 0,
        1_000,
      )
      expect(heardByB).toEqual([{ scope: 'info' }])
    })

    it('drops every cache when its subscriber comes back from a lost connection (messages may have passed)', async () => {
      heardByA.length = heardByB.length = 0
      const clients = (await redis[0]!.client('LIST')) as string
      const own = clients
        .split('\n')
        .filter((line) => line.includes(`name=${prefix}cache-subscriber`))
        .map((line) => /\bid=(\d+)/.exec(line)![1]!)
      // Both buses' subscribers carry the name; drop B's alone by closing the newest.
      expect(own).toHaveLength(2)
      await redis[0]!.client('KILL', 'ID', own.sort((x, y) => Number(x) - Number(y))[1]!)
      // ioredis reconnects after its retry delay; a loaded machine (the whole suite at once) may
      // take a few seconds to get there.
      const { value } = await pollUntil(
        async () => heardByB.length,
        (n) => n >= 3,
        10_000,
      )
      expect(value).toBe(3)
      expect(heardByB.map((m) => m.scope).sort()).toEqual(['catalogue', 'cms', 'info'])
      expect(heardByA).toEqual([])
      // And it listens again.
      await a.invalidate({ scope: 'info', keys: ['statuses'] })
      await pollUntil(
        async () => heardByB.length,
        (n) => n > 3,
        10_000,
      )
      expect(heardByB[3]).toEqual({ scope: 'info', keys: ['statuses'] })
    })
  })
}
