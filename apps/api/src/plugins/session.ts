import crypto from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIES } from '@aurum/shared'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { AppError } from '../lib/errors.ts'

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

export class SessionManager {
  constructor(
    private db: Database,
    private idleMs: number,
    private maxMs: number,
  ) {}

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
    const now = new Date()
    await this.db.query(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, reauthenticated_at, ip, user_agent, country)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        userId.toString(),
        now,
        new Date(now.getTime() + this.maxMs),
        reauthenticated ? now : null,
        request.ip,
        request.headers['user-agent']?.slice(0, 512) ?? null,
        request.country ?? null,
      ],
    )
    reply.setCookie(sessionCookieName(request), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: Math.floor(this.maxMs / 1000),
    })
    const session = { id, userId, createdAt: now, reauthenticatedAt: reauthenticated ? now : null }
    request.session = session
    return session
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.session) await this.revoke(request.session.id)
    request.session = null
    reply.clearCookie(sessionCookieName(request), { path: '/' })
  }

  async revoke(id: string): Promise<void> {
    await this.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id])
  }

  /** Signs out every other session of the player (security page, password and 2FA changes). */
  async revokeOthers(userId: bigint, keepId: string | null): Promise<number> {
    const rows = await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id',
      [userId.toString(), keepId],
    )
    return rows.length
  }

  /** The player's live sessions, newest first, for the security page. */
  async list(userId: bigint, currentId: string | null) {
    const rows = await this.db.query<{
      id: string
      number: bigint
      ip: string | null
      country: string | null
      user_agent: string | null
      created_at: Date
      last_seen_at: Date
    }>(
      `SELECT id, number, ip, country, user_agent, created_at, last_seen_at FROM sessions
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - $2 * interval '1 millisecond'
        ORDER BY created_at DESC`,
      [userId.toString(), this.idleMs],
    )
    return rows.map((r) => ({
      id: Number(r.number),
      ip: r.ip ?? '',
      country: r.country ?? '',
      user_agent: r.user_agent ?? '',
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      current: r.id === currentId,
    }))
  }

  /** Signs out one of the player's own sessions by its public number; false when there is none. */
  async revokeNumber(userId: bigint, number: number): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND number = $2 AND revoked_at IS NULL RETURNING id',
      [userId.toString(), number],
    )
    return rows.length > 0
  }

  /** The live session for a token, or null; touches it at most once a minute. */
  async load(token: string): Promise<Session | null> {
    const id = tokenId(token)
    const [row] = await this.db.query<{
      user_id: bigint
      created_at: Date
      last_seen_at: Date
      expires_at: Date
      reauthenticated_at: Date | null
      revoked_at: Date | null
    }>(
      'SELECT user_id, created_at, last_seen_at, expires_at, reauthenticated_at, revoked_at FROM sessions WHERE id = $1',
      [id],
    )
    if (!row || row.revoked_at) return null
    const now = Date.now()
    if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + this.idleMs <= now) {
      await this.revoke(id)
      return null
    }
    if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [id])
    }
    return {
      id,
      userId: row.user_id,
      createdAt: row.created_at,
      reauthenticatedAt: row.reauthenticated_at,
    }
  }
}

/** Server-side sessions in the database; the cookie holds only the random token. */
export default fp(
  async (app, { config, db }: { config: Config; db: Database }) => {
    const sessions = new SessionManager(
      db,
      config.SESSION_IDLE_MINUTES * 60_000,
      config.SESSION_MAX_HOURS * 3_600_000,
    )
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
  { name: 'session', dependencies: ['@fastify/cookie'] },
)
