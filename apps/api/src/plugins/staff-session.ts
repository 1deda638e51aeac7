import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { Permission } from '@aurum/shared/contracts/admin'
import { AppError } from '../lib/errors.ts'
import type { StaffActor, StaffService } from '../modules/staff/service.ts'

/**
 * What an admin route requires: a permission (`module:level`), any signed-in member, or nobody
 * (signing in, a set-up link). Every route under /api/admin must say which (`config.access`): one
 * that does not stops the server at start-up.
 */
export type AdminAccess = Permission | 'signed-in' | 'public'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AdminAccess
  }
  interface FastifyRequest {
    /** The staff member signed in on this device (admin routes only). */
    staff: StaffActor | null
  }
  interface FastifyInstance {
    /** Every admin route and what it requires (the permission test walks them). */
    adminRoutes: Array<{ method: string; url: string; access: AdminAccess }>
  }
}

/** The staff cookie: its own name, sent only to the admin api (never to a page, never cross-site). */
export const STAFF_COOKIE = 'aurum_staff'
export const staffCookieOptions = (request: FastifyRequest) =>
  ({ path: '/api/admin', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const

const ADMIN = '/api/admin'
const isAdmin = (url: string) => url === ADMIN || url.startsWith(`${ADMIN}/`)

/** The member of the request, or 401. */
export function requireStaff(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new AppError('unauthorized', 401)
  return request.staff
}

/**
 * The staff session and the admin routes' guard (docs/security.md "Staff"). Under /api/admin only
 * the staff cookie is read: a player's session never reaches an admin route. Each admin route's
 * declared access is checked as the request arrives, before its body is read: no member is 401, a
 * member whose role lacks the permission 403.
 */
export default fp(
  async (app, { staff }: { staff: StaffService }) => {
    app.decorate('adminRoutes', [])
    app.decorateRequest('staff', null)

    app.addHook('onRoute', (route) => {
      if (!isAdmin(route.url)) return
      const access = route.config?.access
      if (!access) throw new Error(`admin route ${String(route.method)} ${route.url} declares no access`)
      for (const method of [route.method].flat())
        if (method !== 'HEAD') app.adminRoutes.push({ method, url: route.url, access })
    })

    // Before the body is read or validated: an admin route answers nothing else to a stranger.
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url
      if (!url || !isAdmin(url)) return
      const token = request.cookies[STAFF_COOKIE]
      if (token) request.staff = await staff.authenticate(token, request.ctx)
      const access = request.routeOptions.config.access
      if (access === 'public') return
      const actor = requireStaff(request)
      if (access !== 'signed-in' && (!access || !staff.allows(actor, access)))
        throw new AppError('forbidden', 403)
    })
  },
  { name: 'staff-session', dependencies: ['@fastify/cookie'] },
)
