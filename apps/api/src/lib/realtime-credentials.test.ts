import { describe, expect, it } from 'vitest'
import { connectionClaims, subscriptionClaims, verifyToken } from '../realtime/tokens.ts'
import { deriveSecret } from './derive-secret.ts'
import {
  centCredentials,
  CONNECTION_TOKEN_SECONDS,
  realtimeKey,
  socketUrl,
  subscriptionToken,
} from './realtime-credentials.ts'

describe('realtime credentials', () => {
  const now = new Date('2026-03-01T12:00:00.900Z')
  const seconds = Math.floor(now.getTime() / 1000)

  it('signs a connection token naming the player and the sign-in, valid for 15 minutes', () => {
    const player = centCredentials('k', { userId: 42n, sessionId: 'abc' }, 'https://casino.example', now)
    expect(player).toMatchObject({
      user: '42',
      timestamp: String(seconds),
      authEndpoint: '/api/realtime/auth',
      url: 'wss://casino.example/sock',
    })
    expect(verifyToken('k', player.token, connectionClaims, seconds)).toEqual({
      ok: true,
      claims: { sub: '42', sid: 'abc', iat: seconds, exp: seconds + CONNECTION_TOKEN_SECONDS },
    })
    expect(verifyToken('k', player.token, connectionClaims, seconds + CONNECTION_TOKEN_SECONDS)).toEqual({
      ok: false,
      reason: 'expired',
    })
  })

  it('gives a guest the empty user and no sign-in', () => {
    const guest = centCredentials('k', null, 'http://localhost:3000', now)
    expect(guest.user).toBe('')
    expect(guest.url).toBe('ws://localhost:3000/sock')
    const check = verifyToken('k', guest.token, connectionClaims, seconds)
    expect(check.ok && check.claims.sub).toBe('')
    expect(check.ok && check.claims.sid).toBeUndefined()
  })

  it('refuses a token signed with another key, altered, or not a JWT', () => {
    const { token } = centCredentials('k', { userId: 7n, sessionId: 's' }, 'http://x', now)
    expect(verifyToken('other', token, connectionClaims, seconds)).toEqual({ ok: false, reason: 'invalid' })
    const [h, p, s] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ sub: '8', sid: 's', iat: seconds, exp: seconds + 60 }),
    ).toString('base64url')
    expect(verifyToken('k', `${h}.${forged}.${s}`, connectionClaims, seconds).ok).toBe(false)
    expect(verifyToken('k', `${h}.${p}`, connectionClaims, seconds).ok).toBe(false)
    expect(verifyToken('k', 'zz', connectionClaims, seconds).ok).toBe(false)
    // alg none is not accepted even with a valid-looking shape
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')
    expect(verifyToken('k', `${none}.${p}.${s}`, connectionClaims, seconds).ok).toBe(false)
  })

  it('signs a subscription token for one channel and one connection', () => {
    const token = subscriptionToken('k', '42', 'client-1', 'balance#42', now)
    const check = verifyToken('k', token, subscriptionClaims, seconds)
    expect(check).toMatchObject({
      ok: true,
      claims: { sub: '42', client: 'client-1', channel: 'balance#42' },
    })
  })

  it('takes the socket path from the origin, wss over TLS', () => {
    expect(socketUrl('https://casino.example')).toBe('wss://casino.example/sock')
    expect(socketUrl('http://10.0.0.5:3000/')).toBe('ws://10.0.0.5:3000/sock')
  })

  it('derives its key from the session secret, apart from other purposes', () => {
    expect(realtimeKey('s1')).toMatch(/^[0-9a-f]{64}$/)
    expect(realtimeKey('s1')).toBe(realtimeKey('s1'))
    expect(realtimeKey('s1')).not.toBe(realtimeKey('s2'))
    expect(realtimeKey('s1')).not.toBe(deriveSecret('s1', 'aurum/captcha-challenge'))
    expect(realtimeKey('s1')).not.toBe('s1')
  })
})
