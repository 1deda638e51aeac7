import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { COOKIES } from '@aurum/shared'
import { AppError } from '../lib/errors.ts'
import type { Session, SessionManager, StartedSession } from '../sessions/manager.ts'

export type { Session, SessionEnd, SessionManager } from '../sessions/manager.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null
    /** The signed-in player's id; answers 401 without a session. */
    requireUser(): bigint
    /** The signed-in player's session; answers 401 without one. */
    requireSession(): Session
  }
  interface FastifyInstance {
    sessions: SessionManager
  }
}

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
 * What a service decided about the request's session, applied to the client: a started session
 * sets the cookie (and is the request's session from here on), null clears it.
 */
export function applySession(
  request: FastifyRequest,
  reply: FastifyReply,
  started: StartedSession | null,
): void {
  if (started) {
    reply.setCookie(sessionCookieName(request), started.token, {
      ...sessionCookieOptions(request),
      maxAge: started.maxAgeSeconds,
    })
    request.session = started.session
  } else {
    reply.clearCookie(sessionCookieName(request), sessionCookieOptions(request))
    request.session = null
  }
}

/**
 * Server-side sessions for the HTTP layer: the cookie holds only the random token, which each
 * request trades for its session (sessions/manager.ts keeps them).
 */
export default fp(
  async (app, { sessions }: { sessions: SessionManager }) => {
    app.decorate('sessions', sessions)
    app.decorateRequest('session', null)
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (!this.session) throw new AppError('unauthorized', 401)
      return this.session.userId
    })
    app.decorateRequest('requireSession', function (this: FastifyRequest) {
      if (!this.session) throw new AppError('unauthorized', 401)
      return this.session
    })
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[sessionCookieName(request)]
      if (token && token.length <= 64) request.session = await sessions.load(token)
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
)
