import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { solvedCaptcha } from '../../test/captcha.ts'
import { realtimeKey } from '../../lib/realtime-credentials.ts'
import { connectionClaims, verifyToken } from '../../realtime/tokens.ts'

const claimsOf = (key: string, token: string) => {
  const check = verifyToken(key, token, connectionClaims, Math.floor(Date.now() / 1000))
  return check.ok ? check.claims : null
}

const SECRET = 'settings-test-session-secret-0123456789abcd'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({
    SESSION_SECRET: SECRET,
    PUBLIC_URL: 'https://casino.example',
    CAPTCHA_ENABLED_REGISTER: 'true',
  })
})
afterAll(() => ctx.close())

const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')!

describe('GET /api/player/settings', () => {
  it('answers guests with an empty realtime user, a signed token and the captcha site key', async () => {
    const before = Math.floor(Date.now() / 1000)
    const res = await ctx.app.inject('/api/player/settings')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['cent', 'recaptcha', 'recaptcha_version'])
    expect(body.cent).toMatchObject({
      user: '',
      authEndpoint: '/api/realtime/auth',
      url: 'wss://casino.example/sock',
    })
    expect(Number(body.cent.timestamp)).toBeGreaterThanOrEqual(before)
    expect(Number(body.cent.timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000))
    expect(claimsOf(realtimeKey(SECRET), body.cent.token)).toMatchObject({
      sub: '',
      iat: Number(body.cent.timestamp),
    })
    const project = (await ctx.app.inject('/api/info/project')).json()
    // The limits page says how long a loosened limit waits, as configured.
    expect(project.responsible_gambling).toEqual({ limit_change_delay_hours: 24 })
    expect(body.recaptcha).toBe(project.captcha.site_key)
    expect(body.recaptcha).not.toBe('')
    expect(body.recaptcha_version).toBe(0)
  })

  it("answers a player with the player's id and a token for it", async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: `settings.${Date.now()}@example.com`,
          password: 'Golden-Lynx-2048',
          terms_acceptance: true,
          captcha: await solvedCaptcha(ctx.app),
        },
      },
    })
    expect(registered.statusCode).toBe(201)
    const id = String(registered.json().id)
    const cookie = sessionCookie(registered)
    const body = (
      await ctx.app.inject({ url: '/api/player/settings', cookies: { [cookie.name]: cookie.value } })
    ).json()
    expect(body.cent.user).toBe(id)
    // The token names this player and this sign-in, and only this install's key signs it.
    const claims = claimsOf(realtimeKey(SECRET), body.cent.token)
    expect(claims?.sub).toBe(id)
    expect(claims?.sid).toMatch(/^[0-9a-f]{64}$/)
    expect(claimsOf(realtimeKey(`${SECRET}x`), body.cent.token)).toBeNull()
  })

  it('uses the canonical origin (ws://localhost:PORT without PUBLIC_URL), never the Host header', async () => {
    const plain = await createTestApp()
    try {
      for (const host of ['localhost:3000', 'evil.example']) {
        const body = (await plain.app.inject({ url: '/api/player/settings', headers: { host } })).json()
        expect(body.cent.url).toBe('ws://localhost:3000/sock')
        const newer = await plain.app.inject({
          url: '/api/notification_center/centrifugo/subscription',
          headers: { host },
        })
        expect(newer.json().url).toBe('ws://localhost:3000')
      }
    } finally {
      await plain.close()
    }
  })
})
