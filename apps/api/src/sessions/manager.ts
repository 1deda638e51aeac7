import crypto from 'node:crypto'
import type { Clock } from '@aurum/db'
import type { Executor } from '../db/client.ts'
import type { EventOutbox } from '../events/outbox.ts'
import type { RequestContext } from '../lib/context.ts'
import { isLive, type SessionStore } from './store.ts'

/** Sign-ins that ended: one, or all of a player's but `except` (none: all). */
export type SessionEnd = { sessionId: string } | { userId: bigint; except: string | null }

export interface Session {
  id: string
  userId: bigint
  createdAt: Date
  reauthenticatedAt: Date | null
}

/** A session just started: the token goes to the client (the session cookie), only its hash is kept. */
export interface StartedSession {
  session: Session
  token: string
  /** How long the client keeps the token: the session's absolute lifetime. */
  maxAgeSeconds: number
}

const TOUCH_EVERY_MS = 60_000

/** Session token: 256 random bits; only its SHA-256 is stored. */
const newToken = () => crypto.randomBytes(32).toString('base64url')
const tokenId = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/**
 * Players' sign-ins: issuing, reading, rotating and ending them, and telling the rest of the
 * casino (session.started / session.ended events, the end listeners that close games). Where
 * they are kept is the store's business (database, or Redis with `REDIS_URL`); the cookie that
 * carries the token is the HTTP layer's (plugins/session.ts).
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

  /**
   * Starts a session for the player, in place of `replacing` (the request's current one: the
   * session rotates on every sign-in and sensitive change).
   */
  async start(
    userId: bigint,
    ctx: Pick<RequestContext, 'ip' | 'userAgent' | 'country'>,
    replacing: Session | null,
    reauthenticated = true,
  ): Promise<StartedSession> {
    if (replacing) await this.revoke(replacing.id)
    const token = newToken()
    const id = tokenId(token)
    const now = this.clock.now()
    await this.store.create({
      id,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.maxMs),
      reauthenticatedAt: reauthenticated ? now : null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      country: ctx.country ?? null,
    })
    await this.events.emit(this.db, 'session.started', userId, { session: id, ip: ctx.ip })
    const session = { id, userId, createdAt: now, reauthenticatedAt: reauthenticated ? now : null }
    return { session, token, maxAgeSeconds: Math.floor(this.maxMs / 1000) }
  }

  /** The player signs out: the session ends and its games close. */
  async end(session: Session): Promise<void> {
    await this.revoke(session.id)
    await this.events.emit(this.db, 'session.ended', session.userId, {
      session: session.id,
      except: null,
      reason: 'sign_out',
    })
    await this.ended({ sessionId: session.id })
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
