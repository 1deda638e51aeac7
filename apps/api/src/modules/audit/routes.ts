import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditCsvQuery, auditPage, auditQuery } from '@aurum/shared/contracts/audit'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { auditFilters, type AuditLog } from './service.ts'

/**
 * The audit log's viewer in the back office (docs/security.md "Audit log"): pages by keyset with
 * filters, and the same filters as a CSV export streamed a page at a time. Reading it needs
 * `audit:view`.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog }> = async (app, { audit }) => {
  const tags = ['admin']
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log: staff actions and what they changed, newest first, filtered and paged',
        querystring: auditQuery,
        response: { 200: auditPage, 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'audit:view' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const page = await audit.listQuery(request.query)
      return {
        data: page.data,
        pagination: { per_page: request.query.per_page ?? 50, next_cursor: page.nextCursor },
      }
    },
  )

  app.get(
    '/api/admin/audit.csv',
    {
      schema: {
        tags,
        summary: 'The audit log as CSV (RFC 4180), every entry the filters find, oldest first',
        querystring: auditCsvQuery,
        response: { 401: errorResponse, 403: errorResponse, ...errorResponses },
      },
      config: { access: 'audit:view' },
    },
    async (request, typed) => {
      // The body is a stream of text, not one of the schema's objects.
      const reply: FastifyReply = typed
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(audit.csv(auditFilters(request.query))))
    },
  )
}
