import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminMailCsvQuery,
  adminMailMessage,
  adminMailPage,
  adminMailQuery,
  mailResent,
} from '@aurum/shared/contracts/admin-mail'
import { idParam } from '@aurum/shared/contracts/common'
import { csvFileName } from '../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import type { StaffService } from '../staff/service.ts'
import { mailFilters, type OutgoingMail } from './service.ts'

/**
 * The back office's outgoing mail (docs/backoffice.md "Outgoing mail"): reading needs
 * `mail:view`, resending `mail:edit`; a one-time link is shown whole only with `mail:approve`.
 */
export const mailAdminRoutes: FastifyPluginAsyncZod<{
  outbox: OutgoingMail
  staff: StaffService
  now: () => Date
}> = async (app, { outbox, staff, now }) => {
  const tags = ['admin']
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')
  const guarded = { 401: errorResponse, 403: errorResponse }

  app.get(
    '/api/admin/mail',
    {
      schema: {
        tags,
        summary: 'The outgoing e-mails (no bodies), filtered, sorted and paged, newest first',
        querystring: adminMailQuery,
        response: { 200: adminMailPage, ...guarded, ...errorResponses },
      },
      config: { access: 'mail:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return outbox.list(request.query)
    },
  )

  app.get(
    '/api/admin/mail.csv',
    {
      schema: {
        tags,
        summary: 'The e-mails the filters find as CSV (RFC 4180), by id, without bodies',
        querystring: adminMailCsvQuery,
        response: guarded,
      },
      config: { access: 'mail:view' },
    },
    async (request, typed) => {
      // The body is a stream of text, not one of the schema's objects.
      const reply: FastifyReply = typed
      noStore(reply)
        .header('content-disposition', `attachment; filename="${csvFileName('mail', now())}"`)
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(outbox.csv(mailFilters(request.query))))
    },
  )

  app.get(
    '/api/admin/mail/:id',
    {
      schema: {
        tags,
        summary: 'One e-mail in full: subject, bodies, attempts, last error',
        description:
          'A message with a one-time link (confirmation, password reset, e-mail change, data download, limit confirmation) has the link’s token replaced by `[redacted]` (`redacted: true`) unless the member holds mail:approve.',
        params: idParam,
        response: { 200: adminMailMessage, ...guarded, 404: errorResponse, ...errorResponses },
      },
      config: { access: 'mail:view' },
    },
    async (request, reply) => {
      noStore(reply)
      const member = requireStaff(request)
      return outbox.message(BigInt(request.params.id), staff.allows(member, 'mail:approve'))
    },
  )

  app.post(
    '/api/admin/mail/:id/resend',
    {
      schema: {
        tags,
        summary: 'Queues a new copy of an e-mail (422 mail_one_time_link for one with a one-time link)',
        params: idParam,
        response: { 200: mailResent, ...guarded, 404: errorResponse, ...errorResponses },
      },
      config: { access: 'mail:edit' },
    },
    async (request) => {
      const member = requireStaff(request)
      const message = await outbox.resend(
        {
          actor: { id: member.id, label: member.email },
          request: {
            ip: request.ctx.ip,
            userAgent: request.ctx.userAgent ?? undefined,
            id: request.ctx.requestId,
          },
        },
        BigInt(request.params.id),
      )
      return { message }
    },
  )
}
