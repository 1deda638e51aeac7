import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { testClock } from '@aurum/db'
import { createTestApp, registerPlayer, type TestContext } from '../../test/helpers.ts'
import { STAFF_COOKIE } from '../../plugins/staff-session.ts'
import { StaffRepository } from './repository.ts'

/**
 * The back office's staff (docs/security.md "Staff"): set-up links, sign-in with a mandatory
 * authenticator code, lockout, device-bound sessions with a short idle timeout, and the guard of
 * every admin route.
 */
const clock = testClock()
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(async () => {
  await ctx?.close()
})

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) staff-test'
let n = 0
const newEmail = () => `staff-${process.pid}-${++n}@aurum.test`
/** A code of the authenticator at the clock's time, `steps` steps later. */
const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 })

/** Each member signs in from an address of their own: sign-in is rate-limited per address. */
let address = '198.51.100.1'
function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object, cookie?: string, ua = BROWSER) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { 'user-agent': ua, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body } : {}),
  })
}

const staffCookie = (response: { cookies: Array<{ name: string; value: string }> }) => {
  const found = response.cookies.find((c) => c.name === STAFF_COOKIE)
  return found ? `${STAFF_COOKIE}=${found.value}` : undefined
}

/**
 * The clock runs with real time: put it just past the start of an authenticator step, so that the
 * codes a test computes stay in the step it expects while the test runs (a slow run crossed one).
 */
function alignToStep() {
  clock.set(Math.ceil(clock.now().getTime() / 30_000) * 30_000 + 100)
}

/** A member created and set up through the api: their secret, password and a signed-in cookie. */
async function member(role = 'owner') {
  const email = newEmail()
  address = `198.51.100.${n}`
  const password = 'correct horse battery staple'
  alignToStep()
  const { token } = await ctx.app.services.staff.create(email, 'Test Member', role, 'cli')
  const setup = await call('POST', '/api/admin/setup', { token, name: 'Test Member', password })
  expect(setup.statusCode).toBe(200)
  const secret = setup.json<{ otp_secret: string }>().otp_secret
  expect(
    (await call('POST', '/api/admin/setup/confirm', { token, code: await code(secret) })).statusCode,
  ).toBe(200)
  clock.advance(30_000)
  const signIn = await call('POST', '/api/admin/session', { email, password, code: await code(secret) })
  expect(signIn.statusCode).toBe(200)
  return { email, password, secret, cookie: staffCookie(signIn)! }
}

describe('staff', () => {
  it('set up from a one-time link: a password, then an authenticator code; the link works once', async () => {
    const email = newEmail()
    const { token } = await ctx.app.services.staff.create(email, 'Ada', 'kyc', 'cli')
    // Signing in before the set-up is finished is refused like a wrong password.
    expect(
      (await call('POST', '/api/admin/session', { email, password: 'x', code: '000000' })).statusCode,
    ).toBe(401)
    const weak = await call('POST', '/api/admin/setup', { token, name: 'Ada', password: 'password1234' })
    expect(weak.statusCode).toBe(422)
    expect(weak.json().errors.password).toBeDefined()
    const short = await call('POST', '/api/admin/setup', { token, name: 'Ada', password: 'short' })
    expect(short.statusCode).toBe(422)
    const setup = await call('POST', '/api/admin/setup', {
      token,
      name: 'Ada L.',
      password: 'a long staff passphrase',
    })
    expect(setup.statusCode).toBe(200)
    const { otp_secret, data, qr } = setup.json<{ otp_secret: string; data: string; qr: string }>()
    expect(data).toContain('otpauth://totp/')
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect((await call('POST', '/api/admin/setup/confirm', { token, code: '000000' })).json().code).toBe(
      'invalid_code',
    )
    const confirmed = await call('POST', '/api/admin/setup/confirm', { token, code: await code(otp_secret) })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({ email, name: 'Ada L.', status: 'active', role: { name: 'kyc' } })
    expect(
      (
        await call('POST', '/api/admin/setup', { token, name: 'Eve', password: 'another long passphrase' })
      ).json().code,
    ).toBe('invalid_token')
  })

  it('sign in only with password and a fresh authenticator code; a code works once', async () => {
    const m = await member('support')
    const me = await call('GET', '/api/admin/me', undefined, m.cookie)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      email: m.email,
      role: { name: 'support' },
      permissions: { players: 'edit' },
    })
    expect(me.headers['cache-control']).toContain('no-store')
    // The code just used is spent.
    expect(
      (
        await call('POST', '/api/admin/session', {
          email: m.email,
          password: m.password,
          code: await code(m.secret),
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (
        await call('POST', '/api/admin/session', {
          email: m.email,
          password: 'wrong password!',
          code: await code(m.secret, 1),
        })
      ).statusCode,
    ).toBe(401)
    clock.advance(30_000)
    const again = await call('POST', '/api/admin/session', {
      email: m.email,
      password: m.password,
      code: await code(m.secret),
    })
    expect(again.statusCode).toBe(200)
    const history = await ctx.app.services.staff.signIns(null, 20)
    expect(history.filter((h) => h.email === m.email).map((h) => h.outcome)).toEqual([
      'ok',
      'bad_password',
      'bad_code',
      'ok',
    ])
  })

  it('lock an account after five failures in a row, for fifteen minutes', async () => {
    const m = await member('read-only')
    for (let i = 0; i < 5; i++)
      expect(
        (
          await call('POST', '/api/admin/session', {
            email: m.email,
            password: 'not the password',
            code: '123456',
          })
        ).statusCode,
      ).toBe(401)
    clock.advance(30_000)
    const locked = await call('POST', '/api/admin/session', {
      email: m.email,
      password: m.password,
      code: await code(m.secret),
    })
    expect(locked.statusCode).toBe(423)
    expect(locked.json().code).toBe('account_locked')
    clock.advance(15 * 60_000)
    expect(
      (
        await call('POST', '/api/admin/session', {
          email: m.email,
          password: m.password,
          code: await code(m.secret),
        })
      ).statusCode,
    ).toBe(200)
  })

  it('bind a session to its device and end it after fifteen idle minutes or a sign-out', async () => {
    const m = await member('read-only')
    // The cookie in another browser is refused, and spent.
    expect((await call('GET', '/api/admin/me', undefined, m.cookie, 'curl/8.0')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/me', undefined, m.cookie)).statusCode).toBe(401)

    clock.advance(30_000)
    const second = staffCookie(
      await call('POST', '/api/admin/session', {
        email: m.email,
        password: m.password,
        code: await code(m.secret),
      }),
    )!
    clock.advance(14 * 60_000)
    expect((await call('GET', '/api/admin/me', undefined, second)).statusCode).toBe(200)
    clock.advance(15 * 60_000 + 1_000)
    expect((await call('GET', '/api/admin/me', undefined, second)).statusCode).toBe(401)

    clock.advance(30_000)
    const third = staffCookie(
      await call('POST', '/api/admin/session', {
        email: m.email,
        password: m.password,
        code: await code(m.secret),
      }),
    )!
    const out = await call('DELETE', '/api/admin/session', undefined, third)
    expect(out.statusCode).toBe(204)
    expect((await call('GET', '/api/admin/me', undefined, third)).statusCode).toBe(401)
  })

  it('write each staff action to the audit log, shown to whoever may read it, as pages and CSV', async () => {
    const m = await member('owner')
    const out = await call('DELETE', '/api/admin/session', undefined, m.cookie)
    expect(out.statusCode).toBe(204)
    clock.advance(30_000)
    const owner = staffCookie(
      await call('POST', '/api/admin/session', {
        email: m.email,
        password: m.password,
        code: await code(m.secret),
      }),
    )!
    const page = await call(
      'GET',
      `/api/admin/audit?actor=${encodeURIComponent(m.email)}&sort=asc`,
      undefined,
      owner,
    )
    expect(page.statusCode).toBe(200)
    const entries = page.json<{ data: Array<{ action: string; actor_label: string; ip: string | null }> }>()
      .data
    expect(entries.map((e) => e.action)).toEqual([
      'staff.activated',
      'staff.signed_in',
      'staff.signed_out',
      'staff.signed_in',
    ])
    expect(entries[1]).toMatchObject({ actor_label: m.email, ip: address })
    const created = await call('GET', `/api/admin/audit?action=staff.created&actor=cli`, undefined, owner)
    expect(created.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0)
    const csv = await call(
      'GET',
      `/api/admin/audit.csv?actor=${encodeURIComponent(m.email)}`,
      undefined,
      owner,
    )
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 4)
    const bad = await call('GET', '/api/admin/audit?per_page=0', undefined, owner)
    expect(bad.statusCode).toBe(422)
    // The whole chain, with everything the other tests wrote, still verifies.
    expect((await ctx.app.services.audit.verify()).problem).toBeNull()
  })

  it('guard every admin route: no session or a player session is 401, a role without the permission 403', async () => {
    const routes = ctx.app.adminRoutes
    // Every admin route of the api's description is in the guard's list, with its declared access.
    const described = Object.entries(
      (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([url, methods]) =>
      url.startsWith('/api/admin') ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${url}`) : [],
    )
    const listed = routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    expect(described.length).toBeGreaterThan(0)
    expect([...listed].sort()).toEqual([...described].sort())

    const player = await registerPlayer(ctx.app, { currency: 'EUR' })
    const repo = new StaffRepository(ctx.db)
    const roleId = await ctx.db.transaction((tx) => repo.insertRole(tx, `nothing-${process.pid}`, {}))
    const email = newEmail()
    address = `198.51.100.${n}`
    const { token } = await ctx.app.services.staff.create(email, 'No Rights', `nothing-${process.pid}`, 'cli')
    expect(roleId).toBeDefined()
    const setup = await call('POST', '/api/admin/setup', {
      token,
      name: 'No Rights',
      password: 'a long staff passphrase',
    })
    const secret = setup.json<{ otp_secret: string }>().otp_secret
    await call('POST', '/api/admin/setup/confirm', { token, code: await code(secret) })
    clock.advance(30_000)
    const nobody = staffCookie(
      await call('POST', '/api/admin/session', {
        email,
        password: 'a long staff passphrase',
        code: await code(secret),
      }),
    )!

    let guarded = 0
    for (const route of routes) {
      if (route.access === 'public') continue
      guarded++
      const url = route.url.replace(/:\w+/g, '1')
      const method = route.method as 'GET' | 'POST' | 'DELETE'
      const anonymous = await call(method, url, method === 'GET' ? undefined : {})
      expect(anonymous.statusCode, `${route.method} ${route.url} without a session`).toBe(401)
      const asPlayer = await call(method, url, method === 'GET' ? undefined : {}, `sid=${player.sid}`)
      expect(asPlayer.statusCode, `${route.method} ${route.url} as a player`).toBe(401)
      if (route.access !== 'signed-in') {
        const withoutRight = await call(method, url, method === 'GET' ? undefined : {}, nobody)
        expect(withoutRight.statusCode, `${route.method} ${route.url} without ${route.access}`).toBe(403)
        expect(withoutRight.json().code).toBe('forbidden')
      }
    }
    expect(guarded).toBeGreaterThanOrEqual(4)
  })
})
