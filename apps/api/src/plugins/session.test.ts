import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { count, createTestApp, registerPlayer, TEST_PASSWORD, type TestContext } from '../test/helpers.ts'
import { deleteRedisKeys, randomRedisPrefix, testRedisUrls } from '../test/redis.ts'

const MINUTE = 60_000
/** Idle 30 minutes, absolute 1 hour: both reachable by moving the clock. */
const TIMEOUTS = { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '1' }

const setups = [
  { name: 'the database', env: {} },
  ...testRedisUrls.map((url) => ({ name: 'Redis', env: { REDIS_URL: url } })),
]

for (const { name, env } of setups) {
  describe(`sessions kept in ${name}`, () => {
    let ctx: TestContext
    const clock = testClock()
    beforeAll(async () => {
      ctx = await createTestApp({ ...TIMEOUTS, ...env }, undefined, { clock })
    })
    afterAll(() => ctx.close())

    const sid = (res: { cookies: Array<{ name: string; value: string }> }) =>
      res.cookies.find((c) => c.name === 'sid')?.value
    const player = (cookie: string | undefined) =>
      ctx.app.inject({ url: '/api/player', cookies: { sid: cookie! } })
    const sessions = (cookie: string) =>
      ctx.app.inject({ url: '/api/player/sessions', cookies: { sid: cookie } })
    const register = async () => {
      const { email, sid: cookie } = await registerPlayer(ctx.app)
      return { email, cookie }
    }
    const signIn = async (email: string, userAgent: string) =>
      sid(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/sign_in',
          remoteAddress: '10.88.1.1',
          headers: { 'user-agent': userAgent, 'cf-ipcountry': 'DE' },
          payload: { user: { email, password: TEST_PASSWORD } },
        }),
      )!

    it('signs in, serves the player, lists the sessions and signs out the others', async () => {
      const { email, cookie: first } = await register()
      const second = await signIn(email, 'Phone browser')
      expect((await player(second)).statusCode).toBe(200)
      const list = (await sessions(second)).json<
        Array<{ id: number; ip: string; country: string; user_agent: string; current: boolean }>
      >()
      expect(list).toHaveLength(2)
      expect(list[0]).toMatchObject({
        current: true,
        ip: '10.88.1.1',
        country: 'DE',
        user_agent: 'Phone browser',
      })
      expect(list[1]!.current).toBe(false)
      expect(list[0]!.id).not.toBe(list[1]!.id)

      const out = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/player/sessions',
        cookies: { sid: second },
      })
      expect(out.json()).toEqual({ signed_out: 1 })
      expect((await player(first)).statusCode).toBe(401)
      expect((await player(second)).statusCode).toBe(200)
      expect((await sessions(second)).json()).toHaveLength(1)
    })

    it('signs out one session by its number, and ends the session on sign-out', async () => {
      const { email, cookie: first } = await register()
      const second = await signIn(email, 'Tablet browser')
      const other = (await sessions(second))
        .json<Array<{ id: number; current: boolean }>>()
        .find((s) => !s.current)!
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/player/sessions/${other.id}`,
        cookies: { sid: second },
      })
      expect(res.statusCode).toBe(204)
      expect((await player(first)).statusCode).toBe(401)
      await ctx.app.inject({ method: 'DELETE', url: '/api/users/sign_out', cookies: { sid: second } })
      expect((await player(second)).statusCode).toBe(401)
    })

    it('rotates the session on sign-in: the one the request came with ends', async () => {
      const { email, cookie: old } = await register()
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        remoteAddress: '10.88.1.2',
        cookies: { sid: old },
        payload: { user: { email, password: TEST_PASSWORD } },
      })
      expect((await player(old)).statusCode).toBe(401)
      expect((await player(sid(res))).statusCode).toBe(200)
    })

    it('ends a session after 30 idle minutes; activity keeps it going', async () => {
      const start = clock.now().getTime()
      const { cookie: active } = await register()
      const { cookie: idle } = await register()
      clock.set(start + 29 * MINUTE)
      expect((await player(active)).statusCode).toBe(200)
      // Seen at 29 minutes, so alive at 58; the other was last seen at the start.
      clock.set(start + 58 * MINUTE)
      expect((await player(active)).statusCode).toBe(200)
      expect((await player(idle)).statusCode).toBe(401)
      // Ended for good, even with the clock put back.
      clock.set(start + MINUTE)
      expect((await player(idle)).statusCode).toBe(401)
    })

    it('ends a session after an hour however active it is', async () => {
      const start = clock.now().getTime()
      const { cookie } = await register()
      for (const minutes of [20, 40, 59]) {
        clock.set(start + minutes * MINUTE)
        expect((await player(cookie)).statusCode).toBe(200)
      }
      clock.set(start + 61 * MINUTE)
      expect((await player(cookie)).statusCode).toBe(401)
    })
  })
}

for (const url of testRedisUrls) {
  describe('sessions in Redis', () => {
    it('are not written to the database, and their keys use the configured prefix', async () => {
      const prefix = randomRedisPrefix()
      const ctx = await createTestApp({ REDIS_URL: url, REDIS_PREFIX: prefix })
      try {
        const before = await count(ctx.db, 'sessions')
        await registerPlayer(ctx.app)
        expect(await count(ctx.db, 'sessions')).toBe(before)
        expect(await ctx.app.redis!.keys(`${prefix}session:*`)).toHaveLength(1)
      } finally {
        // A prefix the test gives is the test's to clean.
        await deleteRedisKeys(ctx.app.redis!, prefix)
        await ctx.close()
      }
    })
  })
}

describe('sessions over TLS', () => {
  it('sign-out clears the __Host- cookie with Secure, Path=/ and no Domain, as the prefix requires', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: 'true' })
    try {
      const https = { 'x-forwarded-proto': 'https' }
      const reg = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: https,
        remoteAddress: '10.88.9.1',
        payload: {
          user: { email: `tls.${Date.now()}@example.com`, password: TEST_PASSWORD, terms_acceptance: true },
        },
      })
      const issued = reg.cookies.find((c) => c.name === '__Host-sid')!
      expect(issued).toMatchObject({ secure: true, path: '/' })
      const out = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/sign_out',
        headers: https,
        cookies: { '__Host-sid': issued.value },
      })
      expect(out.statusCode).toBe(204)
      const header = [out.headers['set-cookie']].flat().find((h) => h?.startsWith('__Host-sid='))!
      expect(header).toBeDefined()
      const attributes = header.split(';').map((a) => a.trim().toLowerCase())
      expect(attributes).toContain('secure')
      expect(attributes).toContain('path=/')
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false)
      expect(attributes.some((a) => a.startsWith('expires=') || a === 'max-age=0')).toBe(true)
    } finally {
      await ctx.close()
    }
  })
})
