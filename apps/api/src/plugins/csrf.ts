import fp from 'fastify-plugin'
import { AppError } from '../lib/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF protection for every state-changing request: browsers send Sec-Fetch-Site (and
 * Origin on POST); anything cross-site is refused. A request that carries neither comes
 * from a non-browser client, which holds no ambient cookies of a victim.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE.has(request.method)) return
      const site = request.headers['sec-fetch-site']
      if (typeof site === 'string') {
        if (site !== 'same-origin' && site !== 'none') throw new AppError('csrf_failed', 403)
        return
      }
      const origin = request.headers.origin
      if (typeof origin === 'string' && origin !== 'null') {
        let host: string
        try {
          host = new URL(origin).host
        } catch {
          throw new AppError('csrf_failed', 403)
        }
        if (host !== request.host) throw new AppError('csrf_failed', 403)
        return
      }
      if (origin === 'null') throw new AppError('csrf_failed', 403)
    })
  },
  { name: 'csrf' },
)
