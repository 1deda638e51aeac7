import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, createTestApp, registerPlayer, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'
import { deleteRedisKeys, randomRedisPrefix, testRedisUrls } from '../../test/redis.ts'
import { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_15_MIN } from './service.ts'

/** Where the limits are counted: the database alone (one node), or Redis shared by the nodes. */
const stores: Array<[string, Record<string, string>]> = [
  ['database', {}],
  ...testRedisUrls.map((url): [string, Record<string, string>] => ['Redis', { REDIS_URL: url }]),
]

let seq = 0
const address = () => `10.${70 + (++seq % 20)}.${Math.floor(seq / 250) % 250}.${seq % 250}`

function signIn(ctx: TestContext, email: string, password: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { email, password } },
    remoteAddress,
  })
}

/** The answers' codes, counted: `{ invalid_credentials: 20, too_many_attempts: 20 }`. */
function tally(answers: Array<{ statusCode: number; json(): { code?: string } }>) {
  const codes: Record<string, number> = {}
  for (const a of answers) {
    const code = a.statusCode === 200 ? 'signed_in' : (a.json().code ?? String(a.statusCode))
    codes[code] = (codes[code] ?? 0) + 1
  }
  return codes
}

for (const [store, env] of stores) {
  describe(`sign-in failure limits (${store})`, () => {
    let ctx: TestContext
    beforeAll(async () => {
      ctx = await createTestApp(env)
    })
    afterAll(async () => {
      await ctx.close()
    })

    it(`checks at most ${IP_FAILURES_PER_15_MIN} of 30 parallel wrong sign-ins from one address`, async () => {
      const player = await registerPlayer(ctx.app)
      const ip = address()
      const before = await count(ctx.db, 'auth_failures')
      // 30: all within the route's own limit (30 a minute per address), so each reaches the check.
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(ctx, player.email, `Wrong-${i}-password`, ip)),
      )
      expect(tally(answers)).toEqual({
        invalid_credentials: IP_FAILURES_PER_15_MIN,
        too_many_attempts: 30 - IP_FAILURES_PER_15_MIN,
      })
      expect((await count(ctx.db, 'auth_failures')) - before).toBe(IP_FAILURES_PER_15_MIN)
      // That address is refused even the right password; another one signs in.
      expect((await signIn(ctx, player.email, TEST_PASSWORD, ip)).statusCode).toBe(429)
      expect((await signIn(ctx, player.email, TEST_PASSWORD, address())).statusCode).toBe(200)
    })

    it(`checks at most ${ACCOUNT_FAILURES_PER_HOUR} of 110 parallel wrong passwords re-entered to change the account`, async () => {
      const player = await registerPlayer(ctx.app)
      // Each from its own address, so neither the route's limit nor the address's is reached first.
      const answers = await Promise.all(
        Array.from({ length: 110 }, (_, i) =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/users',
            payload: { user: { current_password: `Wrong-${i}-password`, password: 'Silver-Heron-4096' } },
            cookies: { sid: player.sid },
            remoteAddress: address(),
          }),
        ),
      )
      expect(tally(answers)).toEqual({
        validation_failed: ACCOUNT_FAILURES_PER_HOUR,
        account_locked: 110 - ACCOUNT_FAILURES_PER_HOUR,
      })
    })

    it('gives a right password its place back: sign-ins that succeed never lock anyone out', async () => {
      const player = await registerPlayer(ctx.app)
      const ip = address()
      for (let i = 0; i < IP_FAILURES_PER_15_MIN + 5; i++)
        expect((await signIn(ctx, player.email, TEST_PASSWORD, ip)).statusCode).toBe(200)
    })
  })
}

for (const url of testRedisUrls) {
  describe('rate limits shared by two nodes through Redis', () => {
    const prefix = randomRedisPrefix()
    const env = { REDIS_URL: url, REDIS_PREFIX: prefix, REGISTRATIONS_PER_HOUR: '3' }
    let a: TestContext
    let b: TestContext
    beforeAll(async () => {
      ;[a, b] = await Promise.all([createTestApp(env), createTestApp(env)])
    })
    afterAll(async () => {
      // The prefix is the test's own (createTestApp deletes only prefixes it made up).
      if (a?.app.redis) await deleteRedisKeys(a.app.redis, prefix)
      await Promise.all([a?.close(), b?.close()])
    })

    it('holds 40 parallel wrong sign-ins from one address, half to each node, to one set of limits', async () => {
      const ip = address()
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(i % 2 ? a : b, `nobody${i}.${Date.now()}@example.com`, 'Wrong-password-1', ip),
        ),
      )
      // The route's limit (30 a minute) and the failures' (20) are each counted once for both.
      expect(tally(answers)).toEqual({
        rate_limited: 10,
        invalid_credentials: IP_FAILURES_PER_15_MIN,
        too_many_attempts: 30 - IP_FAILURES_PER_15_MIN,
      })
    })

    it('counts a route limit (registrations an hour per address) once for both nodes', async () => {
      const ip = address()
      const register = (ctx: TestContext, n: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            user: {
              email: `shared${n}.${Date.now()}@example.com`,
              password: TEST_PASSWORD,
              terms_acceptance: true,
            },
          },
          remoteAddress: ip,
        })
      const statuses = []
      for (let n = 0; n < 4; n++) statuses.push((await register(n % 2 ? a : b, n)).statusCode)
      expect(statuses).toEqual([201, 201, 201, 429])
    })
  })
}
