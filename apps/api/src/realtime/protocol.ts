import { z } from 'zod'

/**
 * The Centrifuge client protocol in its JSON form (what the official `centrifuge` client
 * speaks): newline-separated commands `{id, <method>: {...}}`, replies `{id, <method>: {...}}` or
 * `{id, error}`, pushes `{push: {channel, pub | join | leave | unsubscribe | disconnect}}`, and an
 * empty object both ways as ping and pong. Every command is checked against these schemas.
 */
const channel = z.string().min(1).max(255)
const position = { offset: z.number().int().min(0).optional(), epoch: z.string().max(64).optional() }

export const commandSchema = z
  .object({
    id: z
      .number()
      .int()
      .min(1)
      .max(2 ** 32)
      .optional(),
    connect: z
      .object({
        token: z.string().max(2_048).optional(),
        data: z.unknown().optional(),
        name: z.string().max(64).optional(),
        version: z.string().max(64).optional(),
        subs: z.record(z.string(), z.unknown()).optional(),
        headers: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
    refresh: z.object({ token: z.string().max(2_048) }).optional(),
    subscribe: z
      .object({
        channel,
        token: z.string().max(2_048).optional(),
        data: z.unknown().optional(),
        recover: z.boolean().optional(),
        ...position,
        positioned: z.boolean().optional(),
        recoverable: z.boolean().optional(),
        join_leave: z.boolean().optional(),
        flag: z.number().int().optional(),
        delta: z.string().max(32).optional(),
      })
      .optional(),
    sub_refresh: z.object({ channel, token: z.string().max(2_048) }).optional(),
    unsubscribe: z.object({ channel }).optional(),
    publish: z.object({ channel, data: z.unknown() }).optional(),
    presence: z.object({ channel }).optional(),
    presence_stats: z.object({ channel }).optional(),
    history: z
      .object({
        channel,
        limit: z.number().int().min(-1).max(1_000).optional(),
        since: z.object({ offset: z.number().int().min(0), epoch: z.string().max(64).optional() }).optional(),
        reverse: z.boolean().optional(),
      })
      .optional(),
    rpc: z.object({ method: z.string().max(128).optional(), data: z.unknown().optional() }).optional(),
    send: z.object({ data: z.unknown().optional() }).optional(),
  })
  .strict()
export type Command = z.infer<typeof commandSchema>

export const METHODS = [
  'connect',
  'refresh',
  'subscribe',
  'sub_refresh',
  'unsubscribe',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'rpc',
  'send',
] as const
export type Method = (typeof METHODS)[number]

/** Reply errors (the codes Centrifugo uses; the client retries the temporary ones and 109). */
export const ERRORS = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unauthorized: { code: 101, message: 'unauthorized' },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
} as const
export type ReplyError = (typeof ERRORS)[keyof typeof ERRORS]

/**
 * Close codes: 3000-3499 the client reconnects, 3500-3999 it does not (the close reason is
 * `{"reason", "reconnect"}` as JSON, which the client reads).
 */
export const DISCONNECTS = {
  shutdown: { code: 3001, reason: 'shutdown', reconnect: true },
  expired: { code: 3005, reason: 'expired', reconnect: true },
  slow: { code: 3008, reason: 'slow', reconnect: true },
  noPong: { code: 3012, reason: 'no pong', reconnect: true },
  invalidToken: { code: 3500, reason: 'invalid token', reconnect: false },
  badRequest: { code: 3501, reason: 'bad request', reconnect: false },
  stale: { code: 3502, reason: 'stale', reconnect: false },
  sessionEnded: { code: 3503, reason: 'session ended', reconnect: false },
  tooManyRequests: { code: 3509, reason: 'too many requests', reconnect: false },
} as const
export type Disconnect = (typeof DISCONNECTS)[keyof typeof DISCONNECTS]

/** The one method a command carries, or null when it carries none or several. */
export function methodOf(command: Command): Method | null {
  let found: Method | null = null
  for (const method of METHODS) {
    if (command[method] === undefined) continue
    if (found) return null
    found = method
  }
  return found
}
