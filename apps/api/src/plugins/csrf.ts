import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../lib/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The request's own origin: its scheme (X-Forwarded-Proto only with TRUST_PROXY), host and port. */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return null
  }
}

/**
 * CSRF protection for every state-changing request: browsers send Sec-Fetch-Site (and
 * Origin on POST); anything cross-site is refused. Without Sec-Fetch-Site the Origin must be the
 * request's own origin, scheme and port included (a plain-HTTP page of the same host, which a
 * network attacker can write, is another origin), or one of the casino's configured `origins`
 * (TLS ended at an edge the app is not told to trust). A request that carries neither header
 * comes from a non-browser client, which holds no ambient cookies of a victim.
 */
export default fp(
  async (app, { origins = [] }: { origins?: readonly string[] }) => {
    const configured = new Set(origins)
    app.addHook('onRequest', async (request) => {
      if (SAFE.has(request.method)) return
      const site = request.headers['sec-fetch-site']
      if (typeof site === 'string') {
        if (site !== 'same-origin' && site !== 'none') throw new AppError('csrf_failed', 403)
        return
      }
      const origin = request.headers.origin
      if (typeof origin === 'string' && origin !== 'null') {
        let from: string
        try {
          from = new URL(origin).origin
        } catch {
          throw new AppError('csrf_failed', 403)
        }
        if (from !== ownOrigin(request) && !configured.has(from)) throw new AppError('csrf_failed', 403)
        return
      }
      if (origin === 'null') throw new AppError('csrf_failed', 403)
    })
  },
  { name: 'csrf' },
)
