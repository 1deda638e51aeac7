import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeRedis, connectRedis, type Redis } from '../lib/redis.ts'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import { deleteRedisKeys, quietLog, randomRedisPrefix, testRedisUrls } from '../test/redis.ts'
import { isLive, type NewSession, type SessionStore } from './store.ts'
import { RedisSessionStore } from './store-redis.ts'
import { SqlSessionStore } from './store-sql.ts'

const MINUTE = 60_000
const IDLE = 30 * MINUTE
const MAX = 60 * MINUTE

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

/** A real player (sessions reference users), signed out again so it starts with no session. */
async function newPlayer(): Promise<bigint> {
  const { id, sid } = await registerPlayer(ctx.app)
  await ctx.app.inject({ method: 'DELETE', url: '/api/users/sign_out', cookies: { sid } })
  return BigInt(id)
}

const at = (start: Date, ms: number) => new Date(start.getTime() + ms)
const newSession = (userId: bigint, createdAt: Date, extra: Partial<NewSession> = {}): NewSession => ({
  id: crypto.randomBytes(32).toString('hex'),
  userId,
  createdAt,
  expiresAt: at(createdAt, MAX),
  reauthenticatedAt: null,
  ip: '10.1.2.3',
  userAgent: 'Test browser',
  country: 'DE',
  ...extra,
})

interface StoreUnderTest {
  name: string
  open: (idleMs: number) => Promise<{ store: SessionStore; close: () => Promise<void> }>
}

const stores: StoreUnderTest[] = [
  {
    name: 'database',
    open: async (idleMs) => ({ store: new SqlSessionStore(ctx.db, idleMs), close: async () => {} }),
  },
  ...testRedisUrls.map((url): StoreUnderTest => ({
    name: 'Redis',
    async open(idleMs) {
      const redis = await connectRedis(url, quietLog)
      const prefix = randomRedisPrefix()
      return {
        store: new RedisSessionStore(redis, prefix, idleMs),
        async close() {
          await deleteRedisKeys(redis, prefix)
          await closeRedis(redis)
        },
      }
    },
  })),
]

for (const { name, open } of stores) {
  describe(`the ${name} session store`, () => {
    let store: SessionStore
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ store, close } = await open(IDLE))
    })
    afterAll(() => close())

    it('creates a session and reads it back with every field; unknown ids are null', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const session = newSession(player, t0, { reauthenticatedAt: t0 })
      await store.create(session)
      const got = await store.get(session.id)
      expect(got).toEqual({
        ...session,
        number: expect.any(Number),
        lastSeenAt: t0,
      })
      expect(got!.number).toBeGreaterThan(0)
      const bare = newSession(player, t0, { ip: null, userAgent: null, country: null })
      await store.create(bare)
      expect(await store.get(bare.id)).toMatchObject({
        ip: null,
        userAgent: null,
        country: null,
        reauthenticatedAt: null,
      })
      expect(await store.get(crypto.randomBytes(32).toString('hex'))).toBeNull()
    })

    it('ends a session after the idle timeout: no longer live nor listed, nor revocable', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const session = newSession(player, t0)
      await store.create(session)
      const justBefore = at(t0, IDLE - 1)
      const { number } = (await store.get(session.id))!
      expect(isLive((await store.get(session.id))!, justBefore, IDLE)).toBe(true)
      expect((await store.list(player, justBefore)).map((s) => s.id)).toEqual([session.id])
      const idle = at(t0, IDLE)
      const got = await store.get(session.id)
      expect(got === null || !isLive(got, idle, IDLE)).toBe(true)
      expect(await store.list(player, idle)).toEqual([])
      expect(await store.revokeNumber(player, number, idle)).toBeNull()
      expect(await store.revokeOthers(player, null, idle)).toBe(0)
    })

    it('touch moves the idle timeout but never the absolute end', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const session = newSession(player, t0)
      await store.create(session)
      await store.touch(session.id, at(t0, 25 * MINUTE))
      expect((await store.get(session.id))!.lastSeenAt).toEqual(at(t0, 25 * MINUTE))
      expect(await store.list(player, at(t0, 50 * MINUTE))).toHaveLength(1)
      await store.touch(session.id, at(t0, 50 * MINUTE))
      expect(await store.list(player, at(t0, MAX - 1))).toHaveLength(1)
      // Seen 10 minutes ago, but the absolute end has come.
      expect(await store.list(player, at(t0, MAX))).toEqual([])
      expect(isLive((await store.get(session.id))!, at(t0, MAX), IDLE)).toBe(false)
    })

    it('never brings back a revoked session by touching it', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const session = newSession(player, t0)
      await store.create(session)
      await store.revoke(session.id)
      await store.touch(session.id, at(t0, 2 * MINUTE))
      expect(await store.get(session.id)).toBeNull()
      expect(await store.list(player, at(t0, 2 * MINUTE))).toEqual([])
      // Revoking again, or an unknown id, is harmless.
      await store.revoke(session.id)
      await store.revoke('unknown')
    })

    it('lists only the player’s live sessions, newest first, with unique numbers', async () => {
      const player = await newPlayer()
      const other = await newPlayer()
      const t0 = new Date()
      const first = newSession(player, t0)
      const second = newSession(player, at(t0, 1_000), { userAgent: 'Phone browser', country: null })
      const third = newSession(player, at(t0, 2_000))
      for (const s of [first, second, third, newSession(other, t0)]) await store.create(s)
      const list = await store.list(player, at(t0, 3_000))
      expect(list.map((s) => s.id)).toEqual([third.id, second.id, first.id])
      expect(new Set(list.map((s) => s.number)).size).toBe(3)
      expect(list[1]).toMatchObject({
        userId: player,
        ip: '10.1.2.3',
        userAgent: 'Phone browser',
        country: null,
        createdAt: at(t0, 1_000),
        lastSeenAt: at(t0, 1_000),
        expiresAt: at(t0, 1_000 + MAX),
      })
    })

    it('revokes one session by its number, only for its own player', async () => {
      const player = await newPlayer()
      const other = await newPlayer()
      const t0 = new Date()
      const mine = newSession(player, t0)
      const kept = newSession(player, t0)
      // Numbers may be per player: the other player's third session has a number this one lacks.
      const theirs = [newSession(other, t0), newSession(other, t0), newSession(other, t0)]
      for (const s of [mine, kept, ...theirs]) await store.create(s)
      const number = (await store.get(mine.id))!.number
      const theirNumber = (await store.get(theirs[2]!.id))!.number
      expect((await store.list(player, t0)).map((s) => s.number)).not.toContain(theirNumber)
      expect(await store.revokeNumber(player, theirNumber, t0)).toBeNull()
      expect(await store.get(theirs[2]!.id)).not.toBeNull()
      expect(await store.revokeNumber(player, number, t0)).toBe(mine.id)
      expect(await store.get(mine.id)).toBeNull()
      expect(await store.revokeNumber(player, number, t0)).toBeNull()
      expect((await store.list(player, t0)).map((s) => s.id)).toEqual([kept.id])
    })

    it('revokes every other session and counts the live ones; with no session kept, all of them', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const stale = newSession(player, t0)
      await store.create(stale)
      const t1 = at(t0, IDLE + MINUTE)
      const current = newSession(player, t1)
      const others = [newSession(player, t1), newSession(player, t1)]
      for (const s of [current, ...others]) await store.create(s)
      // The stale session went idle: it is ended too, but was not signed in to count.
      expect(await store.revokeOthers(player, current.id, t1)).toBe(2)
      for (const s of [stale, ...others]) expect(await store.get(s.id)).toBeNull()
      expect((await store.list(player, t1)).map((s) => s.id)).toEqual([current.id])
      expect(await store.revokeOthers(player, null, t1)).toBe(1)
      expect(await store.get(current.id)).toBeNull()
      expect(await store.list(player, t1)).toEqual([])
    })

    it('gives a new session a number none of the player’s earlier sessions had', async () => {
      const player = await newPlayer()
      const t0 = new Date()
      const numbers: number[] = []
      for (let i = 0; i < 3; i++) {
        const s = newSession(player, t0)
        await store.create(s)
        numbers.push((await store.get(s.id))!.number)
        await store.revokeOthers(player, null, t0)
      }
      const last = newSession(player, t0)
      await store.create(last)
      const number = (await store.get(last.id))!.number
      expect(new Set([...numbers, number]).size).toBe(4)
      // Stable: the number does not change as the session is used.
      await store.touch(last.id, at(t0, 2 * MINUTE))
      expect((await store.get(last.id))!.number).toBe(number)
    })
  })
}

for (const url of testRedisUrls) {
  describe('Redis keys of sessions', () => {
    let redis: Redis
    let prefix: string
    beforeAll(async () => {
      redis = await connectRedis(url, quietLog)
      prefix = randomRedisPrefix()
    })
    afterAll(async () => {
      await deleteRedisKeys(redis, prefix)
      await closeRedis(redis)
    })

    it('expire with the session: TTL is min(idle, time to the absolute end), refreshed on touch', async () => {
      const store = new RedisSessionStore(redis, prefix, IDLE)
      const player = await newPlayer()
      const t0 = new Date()
      const session = newSession(player, t0)
      await store.create(session)
      const key = `${prefix}session:${session.id}`
      expect(await redis.pttl(key)).toBeGreaterThan(IDLE - 5_000)
      expect(await redis.pttl(key)).toBeLessThanOrEqual(IDLE)
      // 45 minutes in, 15 remain to the absolute end: fewer than the idle timeout.
      await store.touch(session.id, at(t0, 45 * MINUTE))
      expect(await redis.pttl(key)).toBeLessThanOrEqual(15 * MINUTE)
      expect(await redis.pttl(key)).toBeGreaterThan(14 * MINUTE)
      // Past the absolute end a touch removes the session.
      await store.touch(session.id, at(t0, MAX))
      expect(await redis.exists(key)).toBe(0)
    })

    it('really vanish after the idle timeout, and the player’s index is cleaned of them', async () => {
      const store = new RedisSessionStore(redis, prefix, 200)
      const player = await newPlayer()
      const session = newSession(player, new Date())
      await store.create(session)
      const index = `${prefix}player:${player}:sessions`
      expect(await redis.smembers(index)).toEqual([session.id])
      await new Promise((r) => setTimeout(r, 400))
      expect(await store.get(session.id)).toBeNull()
      expect(await store.list(player, new Date())).toEqual([])
      expect(await redis.scard(index)).toBe(0)
      expect(await store.revokeOthers(player, null, new Date())).toBe(0)
    })

    it('keep every key under the prefix', async () => {
      const own = randomRedisPrefix()
      const store = new RedisSessionStore(redis, own, IDLE)
      await store.create(newSession(await newPlayer(), new Date()))
      const keys = await redis.keys(`${own}*`)
      expect(keys.length).toBe(3)
      await deleteRedisKeys(redis, own)
      expect(await redis.keys(`${own}*`)).toEqual([])
    })
  })
}
