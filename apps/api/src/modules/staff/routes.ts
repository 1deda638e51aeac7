import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import {
  roleBody,
  staffMe,
  staffMember,
  staffRole,
  staffSetupBody,
  staffSetupConfirmBody,
  staffSignIn,
  staffInvitation,
  staffInviteBody,
  staffSignInBody,
  staffTotpSetup,
  staffUpdateBody,
} from '@aurum/shared/contracts/admin'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff, STAFF_COOKIE, staffCookieOptions } from '../../plugins/staff-session.ts'
import type { StaffService } from './service.ts'

/**
 * The back office's api (docs/security.md "Staff"), under /api/admin: staff sign-in and sessions,
 * set-up links, members, roles and sign-in history. Each route declares its access
 * (`config.access`), which plugins/staff-session.ts checks before the handler.
 */
/** A member's or a role's id in the path. */
const idParam = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,15}$/) })

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const tags = ['admin']
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')

  app.post(
    '/api/admin/session',
    {
      schema: {
        tags,
        summary: 'Signs a staff member in: e-mail, password and an authenticator code',
        body: staffSignInBody,
        response: { 200: staffMe, 401: errorResponse, 423: errorResponse, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { email, password, code } = request.body
      const { member, session } = await staff.signIn(request.ctx, email, password, code)
      reply.setCookie(STAFF_COOKIE, session.token, {
        ...staffCookieOptions(request),
        maxAge: session.maxAgeSeconds,
      })
      noStore(reply)
      return member
    },
  )

  app.delete(
    '/api/admin/session',
    {
      schema: { tags, summary: 'Signs the staff member out on this device', response: { 204: z.null() } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      await staff.signOut(request.ctx, requireStaff(request))
      reply.clearCookie(STAFF_COOKIE, staffCookieOptions(request))
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/admin/me',
    {
      schema: {
        tags,
        summary: 'The signed-in staff member and their permissions',
        response: { 200: staffMe, 401: errorResponse },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      noStore(reply)
      return staff.me(requireStaff(request))
    },
  )

  app.post(
    '/api/admin/setup',
    {
      schema: {
        tags,
        summary: 'A set-up link, step one: name and password; answers the authenticator secret to enrol',
        body: staffSetupBody,
        response: { 200: staffTotpSetup, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      noStore(reply)
      return staff.setup(request.body.token, request.body.name, request.body.password, request.body.email)
    },
  )

  app.post(
    '/api/admin/setup/confirm',
    {
      schema: {
        tags,
        summary: 'A set-up link, step two: a code from the authenticator activates the account',
        body: staffSetupConfirmBody,
        response: { 200: staffMember, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => staff.confirmSetup(request.ctx, request.body.token, request.body.code),
  )

  app.get(
    '/api/admin/staff',
    {
      schema: {
        tags,
        summary: 'The staff members',
        response: { 200: z.array(staffMember), 401: errorResponse, 403: errorResponse },
      },
      config: { access: 'staff:view' },
    },
    async (_request, reply) => {
      noStore(reply)
      return staff.list()
    },
  )

  app.post(
    '/api/admin/staff',
    {
      schema: {
        tags,
        summary: 'Invites a member: the set-up link is e-mailed (answered too outside production)',
        body: staffInviteBody,
        response: { 201: staffInvitation, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request, reply) => {
      const { email, name, role_id } = request.body
      const invited = await staff.invite(requireStaff(request), request.ctx, {
        email,
        name,
        roleId: BigInt(role_id),
      })
      return reply.status(201).send(invited)
    },
  )

  app.patch(
    '/api/admin/staff/:id',
    {
      schema: {
        tags,
        summary: 'Changes a member’s role or status (disabling ends their sessions); never one’s own',
        params: idParam,
        body: staffUpdateBody,
        response: { 200: staffMember, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request) => {
      const { role_id, status } = request.body
      return staff.updateMember(requireStaff(request), request.ctx, BigInt(request.params.id), {
        ...(role_id !== undefined ? { roleId: BigInt(role_id) } : {}),
        ...(status !== undefined ? { status } : {}),
      })
    },
  )

  app.get(
    '/api/admin/roles',
    {
      schema: {
        tags,
        summary: 'The roles and their permissions (module × view, edit, approve)',
        response: { 200: z.array(staffRole), 401: errorResponse, 403: errorResponse },
      },
      config: { access: 'staff:view' },
    },
    async () => staff.roles(),
  )

  app.post(
    '/api/admin/staff/:id/reset-2fa',
    {
      schema: {
        tags,
        summary:
          'Resets a member’s authenticator: their password and authenticator are cleared, their sessions end and a new set-up link is e-mailed (answered too outside production); never one’s own',
        params: idParam,
        response: { 200: staffInvitation, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request, reply) => {
      noStore(reply)
      return staff.resetAuthenticator(requireStaff(request), request.ctx, BigInt(request.params.id))
    },
  )

  app.post(
    '/api/admin/roles',
    {
      schema: {
        tags,
        summary: 'Creates a custom role; never one holding more than the member who creates it',
        body: roleBody,
        response: { 201: staffRole, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request, reply) =>
      reply.status(201).send(await staff.createRole(requireStaff(request), request.ctx, request.body)),
  )

  app.patch(
    '/api/admin/roles/:id',
    {
      schema: {
        tags,
        summary:
          'Renames a custom role or changes its permissions (its members see them on their next request); built-in roles are fixed',
        params: idParam,
        body: roleBody,
        response: { 200: staffRole, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request) =>
      staff.updateRole(requireStaff(request), request.ctx, BigInt(request.params.id), request.body),
  )

  app.delete(
    '/api/admin/roles/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a custom role that no member holds; built-in roles are fixed',
        params: idParam,
        response: { 204: z.null(), 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'staff:edit' },
    },
    async (request, reply) => {
      await staff.deleteRole(requireStaff(request), request.ctx, BigInt(request.params.id))
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/admin/sign-ins',
    {
      schema: {
        tags,
        summary: 'The latest sign-in attempts of the staff, successful or not',
        response: { 200: z.array(staffSignIn), 401: errorResponse, 403: errorResponse },
      },
      config: { access: 'staff:view' },
    },
    async (_request, reply) => {
      noStore(reply)
      return staff.signIns(null)
    },
  )
}
