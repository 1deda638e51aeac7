import crypto from 'node:crypto'
import { deriveSecret } from './derive-secret.ts'

/** The legacy realtime credentials of `GET /api/player/settings` (`IUserSettings.cent`, api-shapes §7.1). */
export interface CentCredentials {
  /** The player id, '' for guests (private channels are subscribed only when it is set). */
  user: string
  /** Unix seconds, as a string. */
  timestamp: string
  /** Hex HMAC-SHA256 over `user + timestamp + info` (Centrifugo v1 connection token, info empty). */
  token: string
  authEndpoint: string
  /** The websocket URL of the realtime hub. */
  url: string
}

export const REALTIME_AUTH_ENDPOINT = '/api/realtime/auth'
export const REALTIME_SOCKET_PATH = '/sock'

/** The realtime hub's token key: derived from SESSION_SECRET, so every node of an install shares it. */
export const realtimeKey = (sessionSecret: string) => deriveSecret(sessionSecret, 'aurum/realtime-connection')

/** The Centrifugo v1 connection token: hex HMAC-SHA256(key, user + timestamp + info). */
export function connectionToken(key: string, user: string, timestamp: string, info = ''): string {
  return crypto
    .createHmac('sha256', key)
    .update(user + timestamp + info)
    .digest('hex')
}

/** Checks a connection token in constant time (the hub's side of the handshake). */
export function verifyConnectionToken(
  key: string,
  user: string,
  timestamp: string,
  token: string,
  info = '',
): boolean {
  const expected = Buffer.from(connectionToken(key, user, timestamp, info), 'hex')
  const given = Buffer.from(token, 'hex')
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/** `ws://` or `wss://` (by the origin's scheme) to the hub's path on the public origin. */
export function socketUrl(origin: string): string {
  const url = new URL(REALTIME_SOCKET_PATH, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** Credentials for a player (or a guest with `userId` null), signed now. */
export function centCredentials(
  key: string,
  userId: bigint | null,
  origin: string,
  now: Date = new Date(),
): CentCredentials {
  const user = userId === null ? '' : userId.toString()
  const timestamp = Math.floor(now.getTime() / 1000).toString()
  return {
    user,
    timestamp,
    token: connectionToken(key, user, timestamp),
    authEndpoint: REALTIME_AUTH_ENDPOINT,
    url: socketUrl(origin),
  }
}
