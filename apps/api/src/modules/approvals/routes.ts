import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminIdParam,
  approvalRequest,
  approvalsPage,
  approvalsQuery,
  approveBody,
  rejectBody,
} from '@aurum/shared/contracts/admin-payments'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { staffCaller, type ApprovalService } from './service.ts'

/**
 * The approvers' inbox (docs/backoffice.md "Four-eyes approvals"): the requests of every kind.
 * Listing needs a signed-in member; deciding needs the kind's `<module>:approve`, which the service
 * checks (one route serves several kinds).
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{ approvals: ApprovalService }> = async (
  app,
  { approvals },
) => {
  const tags = ['admin']
  const denied = { 401: errorResponse, 403: errorResponse, 404: errorResponse, ...errorResponses }
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')
  const caller = (request: FastifyRequest) => staffCaller(requireStaff(request), request.ctx)
  const decided = z.object({ approval: approvalRequest })

  app.get(
    '/api/admin/approvals',
    {
      schema: {
        tags,
        summary:
          'Four-eyes requests of the kinds the member may see (`state=pending`: the approvers’ inbox, oldest first)',
        querystring: approvalsQuery,
        response: { 200: approvalsPage, ...denied },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      noStore(reply)
      return approvals.list(caller(request), request.query)
    },
  )

  app.post(
    '/api/admin/approvals/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approves another member’s request (the kind’s approve permission) and carries it out',
        params: adminIdParam,
        body: approveBody.optional(),
        response: { 200: decided, ...denied },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { approval } = await approvals.decide(caller(request), BigInt(request.params.id), 'approve')
      return { approval }
    },
  )

  app.post(
    '/api/admin/approvals/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a request with a reason (the kind’s approve permission)',
        params: adminIdParam,
        body: rejectBody,
        response: { 200: decided, ...denied },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { approval } = await approvals.decide(
        caller(request),
        BigInt(request.params.id),
        'reject',
        request.body.reason,
      )
      return { approval }
    },
  )
}
