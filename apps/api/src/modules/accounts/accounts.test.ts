import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, createTestApp, type TestContext } from '../../test/helpers.ts'
import { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_15_MIN } from './service.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let seq = 0
const newEmail = () => `player${++seq}.${Date.now()}@example.com`
const PASSWORD = 'Golden-Lynx-2048'

function register(user: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { user },
    headers,
    remoteAddress: `10.1.0.${++seq % 250}`,
  })
}
function signIn(
  email: string,
  password: string,
  remoteAddress = '10.2.0.1',
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { email, password } },
    remoteAddress,
    headers,
  })
}
const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')

describe('registration', () => {
  it('creates the player, signs in with a safe cookie, assigns status and A/B group, e-mails the confirmation', async () => {
    const email = newEmail()
    const res = await register({
      email,
      password: PASSWORD,
      terms_acceptance: true,
      currency: 'EUR',
      country: 'DE',
      stag: '777_abc',
    })
    expect(res.statusCode).toBe(201)
    const user = res.json()
    expect(user).toMatchObject({
      email,
      currency: 'EUR',
      country: 'DE',
      auth_fields_missed: [],
      two_factor_enabled: false,
      confirmed_at: null,
    })
    expect(user.password_hash).toBeUndefined()
    expect(JSON.stringify(user)).not.toContain(PASSWORD)
    const ids = user.statuses.map((s: { id: number }) => s.id)
    expect(ids).toContain(257)
    expect(ids).toContain(user.id % 2 === 1 ? 543 : 544)
    const cookie = res.cookies.find((c) => c.name === 'sid')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.value.length).toBeGreaterThanOrEqual(43)
    const [mail] = await ctx.db.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1',
      [email],
    )
    expect(mail!.text_body).toMatch(/\/confirmation\?confirmation_token=[\w-]{43}/)
    const [stored] = await ctx.db.query<{ stag_id: string; stag_visit: string; password_hash: string }>(
      'SELECT stag_id, stag_visit, password_hash FROM users WHERE email = $1',
      [email],
    )
    expect(stored).toMatchObject({ stag_id: '777', stag_visit: 'abc' })
    expect(stored!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const me = await ctx.app.inject({ url: '/api/player', cookies: { sid: cookie.value } })
    expect(me.statusCode).toBe(200)
    expect(me.json().email).toBe(email)
  })

  it.each([
    ['an invalid e-mail', { email: 'nope' }, 'email'],
    ['a short password', { password: 'Ab1!' }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    ['terms not accepted', { terms_acceptance: false }, 'terms_acceptance'],
    ['a mismatched confirmation', { password_confirmation: 'something-else' }, 'password_confirmation'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
  ])('answers 422 for %s and creates nothing', async (_name, patch, field) => {
    const before = await count(ctx.db, 'users')
    const res = await register({ email: newEmail(), password: PASSWORD, terms_acceptance: true, ...patch })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors)).toContain(field)
    expect(await count(ctx.db, 'users')).toBe(before)
  })

  it('answers 400 for wrong types and 422 for a taken e-mail', async () => {
    expect((await register({ email: 5, password: PASSWORD, terms_acceptance: true })).statusCode).toBe(400)
    const email = newEmail()
    expect((await register({ email, password: PASSWORD, terms_acceptance: true })).statusCode).toBe(201)
    const again = await register({ email: email.toUpperCase(), password: PASSWORD, terms_acceptance: true })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.email).toHaveLength(1)
  })

  it('refuses restricted countries with 451 and the spec text', async () => {
    const res = await register(
      { email: newEmail(), password: PASSWORD, terms_acceptance: true },
      { 'cf-ipcountry': 'US' },
    )
    expect(res.statusCode).toBe(451)
    expect(res.json()).toMatchObject({
      code: 'registration_restricted',
      error: 'Registration restricted in your country',
    })
    const login = await signIn('someone@example.com', PASSWORD, '10.9.9.9', { 'cf-ipcountry': 'US' })
    expect(login.statusCode).toBe(451)
    expect(login.json().error).toBe('Login not available in your country')
  })
})

describe('sign-in and sessions', () => {
  it('signs in with a new session id, and signs out', async () => {
    const email = newEmail()
    const reg = await register({ email, password: PASSWORD, terms_acceptance: true })
    const first = sessionCookie(reg)!.value
    const res = await signIn(email.toUpperCase(), PASSWORD)
    expect(res.statusCode).toBe(200)
    const second = sessionCookie(res)!.value
    expect(second).not.toBe(first)
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/sign_out',
      cookies: { sid: second },
    })
    expect(out.statusCode).toBe(204)
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: second } })).statusCode).toBe(401)
  })

  it('rotates the session on sign-in: the session the request came with ends', async () => {
    const email = newEmail()
    const reg = await register({ email, password: PASSWORD, terms_acceptance: true })
    const old = sessionCookie(reg)!.value
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email, password: PASSWORD } },
      cookies: { sid: old },
    })
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: old } })).statusCode).toBe(401)
  })

  it('answers unknown accounts exactly like wrong passwords', async () => {
    const email = newEmail()
    await register({ email, password: PASSWORD, terms_acceptance: true })
    const wrong = await signIn(email, 'Wrong-Password-99', '10.3.0.1')
    const unknown = await signIn(newEmail(), 'Wrong-Password-99', '10.3.0.2')
    expect(wrong.statusCode).toBe(422)
    expect(unknown.statusCode).toBe(wrong.statusCode)
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject('/api/player')
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('unauthorized')
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: 'forged-token' } })).statusCode).toBe(
      401,
    )
  })

  it(`locks an address after ${IP_FAILURES_PER_15_MIN} failures in 15 minutes`, async () => {
    const ip = '10.4.0.1'
    for (let i = 0; i < IP_FAILURES_PER_15_MIN; i++)
      expect((await signIn(newEmail(), 'Wrong-Password-99', ip)).statusCode).toBe(422)
    const locked = await signIn(newEmail(), 'Wrong-Password-99', ip)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('too_many_attempts')
  })

  it(`locks an account after ${ACCOUNT_FAILURES_PER_HOUR} failures in an hour, even with the right password`, async () => {
    const email = newEmail()
    await register({ email, password: PASSWORD, terms_acceptance: true })
    for (let i = 0; i < ACCOUNT_FAILURES_PER_HOUR; i++) {
      const res = await signIn(email, `Wrong-${i}-password`, `10.5.${Math.floor(i / 10)}.${i % 10}`)
      expect(res.statusCode).toBe(422)
    }
    const locked = await signIn(email, PASSWORD, '10.6.0.1')
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({
      code: 'account_locked',
      error: expect.stringContaining('reset your password'),
    })
  }, 60_000)
})

describe('CSRF', () => {
  it('refuses state-changing requests from other sites', async () => {
    const crossSite = await signIn(newEmail(), PASSWORD, '10.7.0.1', { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.json().code).toBe('csrf_failed')
    const foreignOrigin = await signIn(newEmail(), PASSWORD, '10.7.0.2', { origin: 'https://evil.example' })
    expect(foreignOrigin.statusCode).toBe(403)
    const sameOrigin = await signIn(newEmail(), PASSWORD, '10.7.0.3', {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:80',
    })
    expect(sameOrigin.statusCode).toBe(422)
  })
})
