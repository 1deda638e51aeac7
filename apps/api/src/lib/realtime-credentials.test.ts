import { describe, expect, it } from 'vitest'
import { deriveSecret } from './derive-secret.ts'
import {
  centCredentials,
  connectionToken,
  realtimeKey,
  socketUrl,
  verifyConnectionToken,
} from './realtime-credentials.ts'

describe('realtime credentials (Centrifugo v1 connection token)', () => {
  it('is the hex HMAC-SHA256 over user + timestamp + info', () => {
    // Computed with: printf '421700000000' | openssl dgst -sha256 -hmac 'secret'
    expect(connectionToken('secret', '42', '1700000000')).toBe(
      'c0e54ceeeda174eb8bffdc8a766763885a4a96d3650a6b550b97f7a8f10c017f',
    )
  })

  it('signs the player id and unix seconds, and a guest as the empty user', () => {
    const now = new Date('2026-03-01T12:00:00.900Z')
    const player = centCredentials('k', 42n, 'https://casino.example', now)
    expect(player).toEqual({
      user: '42',
      timestamp: String(Math.floor(now.getTime() / 1000)),
      token: connectionToken('k', '42', String(Math.floor(now.getTime() / 1000))),
      authEndpoint: '/api/realtime/auth',
      url: 'wss://casino.example/sock',
    })
    const guest = centCredentials('k', null, 'http://localhost:3000', now)
    expect(guest.user).toBe('')
    expect(guest.url).toBe('ws://localhost:3000/sock')
    expect(verifyConnectionToken('k', '', guest.timestamp, guest.token)).toBe(true)
  })

  it('refuses tokens for another user, time or key, and malformed ones', () => {
    const token = connectionToken('k', '7', '100')
    expect(verifyConnectionToken('k', '7', '100', token)).toBe(true)
    expect(verifyConnectionToken('k', '8', '100', token)).toBe(false)
    expect(verifyConnectionToken('k', '7', '101', token)).toBe(false)
    expect(verifyConnectionToken('other', '7', '100', token)).toBe(false)
    expect(verifyConnectionToken('k', '7', '100', token.slice(0, 10))).toBe(false)
    expect(verifyConnectionToken('k', '7', '100', 'zz')).toBe(false)
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
