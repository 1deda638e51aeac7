import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIES } from '@aurum/shared'
import type { Config } from '../config.ts'
import type { Clock } from '@aurum/db'
import type { Database, Executor } from '../db/client.ts'
import { EventOutbox } from '../events/outbox.ts'
import { AppError } from '../lib/errors.ts'
import { isLive, type SessionStore } from './session-store.ts'
import { RedisSessionStore } from './session-store-redis.ts'
import { SqlSessionStore } from './session-store-sql.ts'

/** Sign-ins that ended: one, or all of a player's but `except` (none: all). */
export type SessionEnd = { sessionId: string } | { userId: bigint; except: string | null }

export interface Session {
  id: string
  userId: bigint
  createdAt: Date
  reauthenticatedAt: Date | null
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null
    /** The signed-in player's id; answers 401 without a session. */
    requireUser(): bigint
  }
  interface FastifyInstance {
    sessions: SessionManager
  }
}

const TOUCH_EVERY_MS = 60_000

/** Session token: 256 random bits; only its SHA-256 is stored. */
const newToken = () => crypto.randomBytes(32).toString('base64url')
const tokenId = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** Over TLS the cookie takes the `__Host-` prefix (Secure, Path=/, no Domain). */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? `__Host-${COOKIES.session}` : COOKIES.session
}

/**
 * The attributes of the session cookie, for setting and clearing alike: a browser ignores a
 * `__Host-` cookie without `Secure` (and `Path=/`, no Domain), so a sign-out that cleared it
 * with other attributes left the cookie in place.
 */
function sessionCookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const
}

/**
 * The cookie and request side of sessions: issuing, reading, rotating and ending them. Where
 * they are kept is the store's business (database, or Redis with `REDIS_URL`).
 */
export class SessionManager {
  private endListeners: Array<(end: SessionEnd) => Promise<void>> = []

  constructor(
    private store: SessionStore,
    private idleMs: number,
    private maxMs: number,
    /** session.started and session.ended (docs/events.md). */
    private events: EventOutbox,
    private db: Executor,
    private clock: Clock,
  ) {}

  /** Told when sign-ins end by the player's or a security action (the games they opened close). */
  onEnd(listener: (end: SessionEnd) => Promise<void>): void {
    this.endListeners.push(listener)
  }

  private async ended(end: SessionEnd): Promise<void> {
    for (const listener of this.endListeners) await listener(end)
  }

  /** Starts a session for the player, replacing the request's current one (rotation on sign-in). */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: bigint,
    reauthenticated = true,
  ): Promise<Session> {
    if (request.session) await this.revoke(request.session.id)
    const token = newToken()
    const id = tokenId(token)
    const now = this.clock.now()
    await this.store.create({
      id,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.maxMs),
      reauthenticatedAt: reauthenticated ? now : null,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      country: request.country ?? null,
    })
    reply.setCookie(sessionCookieName(request), token, {
      ...sessionCookieOptions(request),
      maxAge: Math.floor(this.maxMs / 1000),
    })
    await this.events.emit(this.db, 'session.started', userId, { session: id, ip: request.ip })
    const session = { id, userId, createdAt: now, reauthenticatedAt: reauthenticated ? now : null }
    request.session = session
    return session
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.session) {
      await this.revoke(request.session.id)
      await this.events.emit(this.db, 'session.ended', request.session.userId, {
        session: request.session.id,
        except: null,
        reason: 'sign_out',
      })
      await this.ended({ sessionId: request.session.id })
    }
    request.session = null
    reply.clearCookie(sessionCookieName(request), sessionCookieOptions(request))
  }

  async revoke(id: string): Promise<void> {
    await this.store.revoke(id)
  }

  /** Signs out every other session of the player (security page, password and 2FA changes). */
  async revokeOthers(userId: bigint, keepId: string | null): Promise<number> {
    const count = await this.store.revokeOthers(userId, keepId, this.clock.now())
    await this.events.emit(this.db, 'session.ended', userId, {
      session: null,
      except: keepId,
      reason: 'signed_out_elsewhere',
    })
    await this.ended({ userId, except: keepId })
    return count
  }

  /** The player's live sessions, newest first, for the security page. */
  async list(userId: bigint, currentId: string | null) {
    const sessions = await this.store.list(userId, this.clock.now())
    return sessions.map((s) => ({
      id: s.number,
      ip: s.ip ?? '',
      country: s.country ?? '',
      user_agent: s.userAgent ?? '',
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === currentId,
    }))
  }

  /** Signs out one of the player's own sessions by its public number; false when there is none. */
  async revokeNumber(userId: bigint, number: number): Promise<boolean> {
    const revoked = await this.store.revokeNumber(userId, number, this.clock.now())
    if (revoked) {
      await this.events.emit(this.db, 'session.ended', userId, {
        session: revoked,
        except: null,
        reason: 'revoked',
      })
      await this.ended({ sessionId: revoked })
    }
    return revoked !== null
  }

  /** Whether a sign-in is still live and the player's (the realtime hub asks on connect and refresh). */
  async isLive(id: string, userId: bigint): Promise<boolean> {
    const record = await this.store.get(id)
    return record !== null && record.userId === userId && isLive(record, this.clock.now(), this.idleMs)
  }

  /** The live session for a token, or null; touches it at most once a minute. */
  async load(token: string): Promise<Session | null> {
    const id = tokenId(token)
    const record = await this.store.get(id)
    if (!record) return null
    const now = this.clock.now()
    if (!isLive(record, now, this.idleMs)) {
      await this.store.revoke(id)
      this.events.emitDetached('session.ended', record.userId, {
        session: id,
        except: null,
        reason: 'expired',
      })
      return null
    }
    if (now.getTime() - record.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.store.touch(id, now)
    return {
      id,
      userId: record.userId,
      createdAt: record.createdAt,
      reauthenticatedAt: record.reauthenticatedAt,
    }
  }
}

/**
 * Server-side sessions; the cookie holds only the random token. Kept in the database, or in
 * Redis when `REDIS_URL` is set (the redis plugin holds the connection).
 */
export default fp(
  async (app, { config, db, clock }: { config: Config; db: Database; clock: Clock }) => {
    const idleMs = config.SESSION_IDLE_MINUTES * 60_000
    const maxMs = config.SESSION_MAX_HOURS * 3_600_000
    const store = app.redis
      ? new RedisSessionStore(app.redis, config.REDIS_PREFIX, idleMs)
      : new SqlSessionStore(db, idleMs)
    const sessions = new SessionManager(store, idleMs, maxMs, new EventOutbox(db, app.log), db, clock)
    app.decorate('sessions', sessions)
    app.decorateRequest('session', null)
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (!this.session) throw new AppError('unauthorized', 401)
      return this.session.userId
    })
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[sessionCookieName(request)]
      if (token && token.length <= 64) request.session = await sessions.load(token)
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'redis'] },
)
