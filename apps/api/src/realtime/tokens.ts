import crypto from 'node:crypto'
import { z } from 'zod'

/**
 * The hub's tokens are JWTs signed with HS256, as Centrifugo reads them, so a Centrifugo cluster
 * configured with the same key could replace the hub (DESIGN.md). Two kinds:
 * - connection: `sub` the player id ('' for a guest), `sid` the sign-in it belongs to;
 * - subscription: `sub` and `channel`, and `client`: the connection it was asked for (spec §7), kept
 *   for the record only (a resubscribe goes out before the new connection's id is known).
 */
export const connectionClaims = z.object({
  sub: z.string().max(40),
  sid: z.string().max(128).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
})
export type ConnectionClaims = z.infer<typeof connectionClaims>

export const subscriptionClaims = z.object({
  sub: z.string().max(40),
  channel: z.string().max(255),
  client: z.string().max(64).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
})
export type SubscriptionClaims = z.infer<typeof subscriptionClaims>

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

const signature = (key: string, body: string) => crypto.createHmac('sha256', key).update(body).digest()

export function signToken(key: string, claims: object): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  return `${body}.${signature(key, body).toString('base64url')}`
}

export type TokenCheck<T> = { ok: true; claims: T } | { ok: false; reason: 'invalid' | 'expired' }

/** Checks the signature (constant time), the algorithm, the shape and the expiry. */
export function verifyToken<T>(
  key: string,
  token: string,
  schema: z.ZodType<T & { exp: number }>,
  nowSeconds: number,
): TokenCheck<T> {
  if (token.length > 2_048) return { ok: false, reason: 'invalid' }
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'invalid' }
  const [header, payload, sig] = parts as [string, string, string]
  const expected = signature(key, `${header}.${payload}`)
  const given = Buffer.from(sig, 'base64url')
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' }
  }
  let parsedHeader: unknown
  let parsedClaims: unknown
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString())
    parsedClaims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if ((parsedHeader as { alg?: unknown } | null)?.alg !== 'HS256') return { ok: false, reason: 'invalid' }
  const claims = schema.safeParse(parsedClaims)
  if (!claims.success) return { ok: false, reason: 'invalid' }
  if (claims.data.exp <= nowSeconds) return { ok: false, reason: 'expired' }
  return { ok: true, claims: claims.data }
}
