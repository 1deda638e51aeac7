import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { testClock } from '@aurum/db'
import { count, createTestApp, type TestContext } from '../../test/helpers.ts'
import { captchaToken, solvedCaptcha } from '../../test/captcha.ts'

const SECRET = 'captcha-test-session-secret-0123456789abcdef'
const PASSWORD = 'Golden-Lynx-2048'
let seq = 0
const newEmail = () => `captcha${++seq}.${Date.now()}@example.com`

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({ CAPTCHA_ENABLED_REGISTER: 'true', SESSION_SECRET: SECRET }, undefined, {
    clock,
  })
})
afterAll(() => ctx.close())

function register(captcha: string | undefined, email = newEmail(), app = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { user: { email, password: PASSWORD, terms_acceptance: true, ...(captcha ? { captcha } : {}) } },
    remoteAddress: `10.7.0.${++seq % 250}`,
  })
}
const users = async (email: string) =>
  (await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).length

async function challenge(): Promise<Challenge> {
  return (await ctx.app.inject('/api/captcha/challenge')).json<Challenge>()
}

describe('GET /api/captcha/challenge', () => {
  it('answers a fresh signed SHA-256 challenge that expires in 10 minutes', async () => {
    const res = await ctx.app.inject('/api/captcha/challenge')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json<Challenge>()
    expect(body.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 })
    expect(body.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/)
    expect(body.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/)
    const inSeconds = body.parameters.expiresAt! - Date.now() / 1000
    expect(inSeconds).toBeGreaterThan(595)
    expect(inSeconds).toBeLessThanOrEqual(600)
    const other = await challenge()
    expect(other.parameters.nonce).not.toBe(body.parameters.nonce)
    expect(other.signature).not.toBe(body.signature)
  })

  it('asks for a counter between a tenth of the complexity and the complexity', async () => {
    const small = await createTestApp({ CAPTCHA_COMPLEXITY: '1000' })
    try {
      for (let i = 0; i < 5; i++) {
        const c = (await small.app.inject('/api/captcha/challenge')).json<Challenge>()
        const solution = (await solveChallenge({ challenge: c, deriveKey }))!
        expect(solution.counter).toBeGreaterThanOrEqual(100)
        expect(solution.counter).toBeLessThanOrEqual(1000)
      }
    } finally {
      await small.close()
    }
  })

  it('is rate limited per address', async () => {
    const codes = []
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({ url: '/api/captcha/challenge', remoteAddress: '10.9.9.9' })
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true)
    expect(codes[60]).toBe(429)
  })
})

describe('registration with the captcha enabled', () => {
  it('tells the client through project info and user settings', async () => {
    const project = (await ctx.app.inject('/api/info/project')).json()
    expect(project.captcha.enabled_register).toBe(true)
    expect(project.captcha.site_key).toMatch(/^[0-9a-f]{32}$/)
    const settings = (await ctx.app.inject('/api/player/settings')).json()
    expect(settings.recaptcha).toBe(project.captcha.site_key)
    expect(settings.recaptcha_version).toBe(0)
  })

  it('answers 422 errors.captcha without a captcha and creates nobody', async () => {
    const email = newEmail()
    const res = await register(undefined, email)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'captcha_required',
      errors: { captcha: ['Please wait until we have checked that you are human, then try again.'] },
    })
    expect(await users(email)).toBe(0)
  })

  it('refuses a bot’s user agent plainly (it gets no captcha), even with a solved one, in its language', async () => {
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36'
    for (const [captcha, language, message] of [
      [undefined, 'en', 'Registration is not available to automated browsers.'],
      [
        await solvedCaptcha(ctx.app),
        'de',
        'Die Registrierung ist für automatisierte Browser nicht verfügbar.',
      ],
    ] as const) {
      const email = newEmail()
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          user: { email, password: PASSWORD, terms_acceptance: true, ...(captcha ? { captcha } : {}) },
        },
        headers: { 'user-agent': headless, 'accept-language': language },
        remoteAddress: `10.7.1.${++seq % 250}`,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ code: 'automated_browser', error: message })
      expect(await users(email)).toBe(0)
    }
  })

  it('translates the message into the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email: newEmail(), password: PASSWORD, terms_acceptance: true, captcha: 'x' } },
      headers: { 'accept-language': 'de' },
    })
    expect(res.statusCode).toBe(422)
    const message = res.json().errors.captcha[0] as string
    expect(message.length).toBeGreaterThan(0)
    expect(message).not.toMatch(/^api\.errors\./)
  })

  it.each([
    ['not base64 JSON', () => Promise.resolve('not-a-token')],
    [
      'a wrong counter',
      async () => captchaToken(await challenge(), { counter: 1, derivedKey: 'ab'.repeat(32) }),
    ],
    [
      'a derived key that misses the prefix',
      async () => {
        const c = await challenge()
        const solution = (await solveChallenge({ challenge: c, deriveKey }))!
        return captchaToken(c, {
          ...solution,
          derivedKey: solution.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0')),
        })
      },
    ],
    [
      'parameters changed after signing',
      async () => {
        const c = await challenge()
        const solution = (await solveChallenge({ challenge: c, deriveKey }))!
        return captchaToken(
          { ...c, parameters: { ...c.parameters, expiresAt: c.parameters.expiresAt! + 3600 } },
          solution,
        )
      },
    ],
    [
      'a challenge signed with another secret',
      async () => {
        const other = await createTestApp({ SESSION_SECRET: 'another-session-secret-0123456789abcdefgh' })
        try {
          return await solvedCaptcha(other.app)
        } finally {
          await other.close()
        }
      },
    ],
  ])('answers 422 captcha_invalid for %s', async (_name, token) => {
    const email = newEmail()
    const res = await register(await token(), email)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'captcha_invalid', errors: { captcha: [expect.any(String)] } })
    expect(await users(email)).toBe(0)
  })

  it('registers with a solved challenge, and accepts each solution once', async () => {
    const token = await solvedCaptcha(ctx.app)
    const email = newEmail()
    const first = await register(token, email)
    expect(first.statusCode).toBe(201)
    expect(first.json().email).toBe(email)
    const replay = await register(token)
    expect(replay.statusCode).toBe(422)
    expect(replay.json().code).toBe('captcha_invalid')
  })

  it('lets only one of two simultaneous requests use a solution', async () => {
    const token = await solvedCaptcha(ctx.app)
    const answers = await Promise.all([register(token), register(token), register(token)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422])
  })

  it('refuses an expired challenge', async () => {
    const [fresh, old] = [await challenge(), await challenge()]
    const [freshSolution, oldSolution] = await Promise.all(
      [fresh, old].map(async (c) => (await solveChallenge({ challenge: c, deriveKey }))!),
    )
    // Nine minutes on, a solution is still good; eleven minutes on, it has expired.
    clock.advance(9 * 60_000)
    expect((await register(captchaToken(fresh, freshSolution!))).statusCode).toBe(201)
    clock.advance(2 * 60_000)
    const res = await register(captchaToken(old, oldSolution!))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'captcha_expired', errors: { captcha: [expect.any(String)] } })
  })

  it('forgets used solutions once their challenge has expired', async () => {
    // Those of the tests before whose challenges have expired already go first.
    await ctx.app.services.captcha.prune()
    await ctx.app.services.captcha.verify(await solvedCaptcha(ctx.app), 'en')
    const used = await count(ctx.db, 'captcha_solutions')
    expect(used).toBeGreaterThan(0)
    expect(await ctx.app.services.captcha.prune()).toBe(0)
    clock.advance(11 * 60_000)
    expect(await ctx.app.services.captcha.prune()).toBe(used)
    expect(await count(ctx.db, 'captcha_solutions')).toBe(0)
  })
})

describe('forms where the captcha is optional', () => {
  const email = newEmail()
  beforeAll(async () => {
    expect((await register(await solvedCaptcha(ctx.app), email)).statusCode).toBe(201)
  })

  it.each([
    ['sign-in', '/api/users/sign_in', { email, password: PASSWORD }, 200],
    ['password reset request', '/api/users/password', { email }, 200],
    ['confirmation resend', '/api/users/confirmation', { email }, 200],
  ])('%s works without one, checks one when given', async (_name, url, user, ok) => {
    const post = (captcha?: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload: { user: { ...user, ...(captcha === undefined ? {} : { captcha }) } },
        remoteAddress: '10.8.0.1',
      })
    expect((await post()).statusCode).toBe(ok)
    const invalid = await post('bm90IGEgc29sdXRpb24=')
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json().errors.captcha).toHaveLength(1)
    const token = await solvedCaptcha(ctx.app)
    expect((await post(token)).statusCode).toBe(ok)
    expect((await post(token)).json().code).toBe('captcha_invalid')
  })
})

describe('with the captcha off for registration', () => {
  let off: TestContext
  beforeAll(async () => {
    off = await createTestApp({ CAPTCHA_ENABLED_REGISTER: 'false' })
  })
  afterAll(() => off.close())

  it('registers without a captcha and tells the client there is none', async () => {
    expect((await register(undefined, newEmail(), off.app)).statusCode).toBe(201)
    expect((await off.app.inject('/api/info/project')).json().captcha).toEqual({
      site_key: '',
      enabled_register: false,
    })
    expect((await off.app.inject('/api/player/settings')).json().recaptcha).toBe('')
  })

  it('still refuses a captcha that is given but invalid', async () => {
    const res = await register('bm90IGEgc29sdXRpb24=', newEmail(), off.app)
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('captcha_invalid')
  })
})

describe('site key', () => {
  it('is stable for one SESSION_SECRET and differs between installs', async () => {
    const project = async (env: Record<string, string>) => {
      const app = await createTestApp({ CAPTCHA_ENABLED_REGISTER: 'true', ...env })
      try {
        return (await app.app.inject('/api/info/project')).json().captcha.site_key as string
      } finally {
        await app.close()
      }
    }
    const mine = (await ctx.app.inject('/api/info/project')).json().captcha.site_key
    expect(await project({ SESSION_SECRET: SECRET })).toBe(mine)
    expect(await project({ SESSION_SECRET: 'a-different-install-secret-0123456789ab' })).not.toBe(mine)
  })
})
