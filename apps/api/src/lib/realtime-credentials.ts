import { signToken } from '../realtime/tokens.ts'
import { deriveSecret } from './derive-secret.ts'

/** The legacy realtime credentials of `GET /api/player/settings` (`IUserSettings.cent`, api-shapes §7.1). */
export interface CentCredentials {
  /** The player id, '' for guests (private channels are subscribed only when it is set). */
  user: string
  /** Unix seconds when the token was signed, as a string. */
  timestamp: string
  /** The connection token: a JWT (HS256) naming the player and the sign-in (docs/realtime.md). */
  token: string
  authEndpoint: string
  /** The websocket URL of the realtime hub. */
  url: string
}

export const REALTIME_AUTH_ENDPOINT = '/api/realtime/auth'
export const REALTIME_SOCKET_PATH = '/sock'
/** A connection token's lifetime; the client refreshes it before it ends (`refresh`). */
export const CONNECTION_TOKEN_SECONDS = 15 * 60
/** A subscription token is checked once, when the channel is subscribed. */
export const SUBSCRIPTION_TOKEN_SECONDS = 15 * 60

/** The hub's token key: derived from SESSION_SECRET, so every node of an install shares it. */
export const realtimeKey = (sessionSecret: string) => deriveSecret(sessionSecret, 'aurum/realtime-connection')

/** The signed-in player a token is for: the player id and the sign-in (session) id. */
export interface RealtimeIdentity {
  userId: bigint
  sessionId: string
}

/** A connection token: `sub` the player ('' for a guest), `sid` the sign-in whose end closes the connection. */
export function connectionToken(key: string, who: RealtimeIdentity | null, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000)
  const claims = who
    ? { sub: who.userId.toString(), sid: who.sessionId, iat, exp: iat + CONNECTION_TOKEN_SECONDS }
    : { sub: '', iat, exp: iat + CONNECTION_TOKEN_SECONDS }
  return signToken(key, claims)
}

/** A subscription token for one private channel and one connection (the auth endpoint's `sign`). */
export function subscriptionToken(
  key: string,
  user: string,
  client: string,
  channel: string,
  now = new Date(),
) {
  const iat = Math.floor(now.getTime() / 1000)
  return signToken(key, { sub: user, channel, client, iat, exp: iat + SUBSCRIPTION_TOKEN_SECONDS })
}

/** `ws://` or `wss://` (by the origin's scheme) to the hub's path on the public origin. */
export function socketUrl(origin: string): string {
  const url = new URL(REALTIME_SOCKET_PATH, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/** Credentials for a player (or a guest), signed now. */
export function centCredentials(
  key: string,
  who: RealtimeIdentity | null,
  origin: string,
  now: Date = new Date(),
): CentCredentials {
  return {
    user: who ? who.userId.toString() : '',
    timestamp: Math.floor(now.getTime() / 1000).toString(),
    token: connectionToken(key, who, now),
    authEndpoint: REALTIME_AUTH_ENDPOINT,
    url: socketUrl(origin),
  }
}
