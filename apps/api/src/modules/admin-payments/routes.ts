import { Readable } from 'node:stream'
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminIdParam,
  adminPayment,
  adminPaymentDetail,
  adminPaymentsCsvQuery,
  adminPaymentsPage,
  adminPaymentsQuery,
  approveBody,
  approveResult,
  rejectBody,
  stuckQuery,
} from '@aurum/shared/contracts/admin-payments'
import { csvFileName } from '../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { staffCaller } from '../approvals/service.ts'
import type { AdminPaymentsService } from './service.ts'

/**
 * The back office's payments (docs/backoffice.md "Payments"): reads need `payments:view`,
 * decisions and reconciliations `payments:approve`. Four-eyes above the threshold is the service's.
 */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ adminPayments: AdminPaymentsService }> = async (
  app,
  { adminPayments },
) => {
  const tags = ['admin']
  const denied = { 401: errorResponse, 403: errorResponse, 404: errorResponse, ...errorResponses }
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')
  const caller = (request: FastifyRequest) => staffCaller(requireStaff(request), request.ctx)

  app.get(
    '/api/admin/payments',
    {
      schema: {
        tags,
        summary: 'Payments, filtered, sorted and paged (deposits and withdrawals of every player)',
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentsPage, ...denied },
      },
      config: { access: 'payments:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return adminPayments.list(request.query)
    },
  )

  app.get(
    '/api/admin/payments.csv',
    {
      schema: {
        tags,
        summary: 'The payments the filters find as CSV (RFC 4180)',
        querystring: adminPaymentsCsvQuery,
        response: denied,
      },
      config: { access: 'payments:view' },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      noStore(reply)
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName('payments', request.server.services.clock.now())}"`,
        )
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(adminPayments.csv(request.query)))
    },
  )

  app.get(
    '/api/admin/payments/stuck',
    {
      schema: {
        tags,
        summary: 'Payments in flight (processing) for longer than the given minutes',
        querystring: stuckQuery,
        response: { 200: z.array(adminPayment), ...denied },
      },
      config: { access: 'payments:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return adminPayments.stuck(request.query.minutes)
    },
  )

  app.get(
    '/api/admin/payments/:id',
    {
      schema: {
        tags,
        summary: 'A payment with its player, provider state, history of states and four-eyes request',
        params: adminIdParam,
        response: { 200: adminPaymentDetail, ...denied },
      },
      config: { access: 'payments:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return adminPayments.detail(BigInt(request.params.id))
    },
  )

  app.post(
    '/api/admin/payments/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approves a pending payment: pays a withdrawal (above the threshold: opens a four-eyes request, or is its second approval), confirms a bank deposit',
        params: adminIdParam,
        body: approveBody.optional(),
        response: { 200: approveResult, ...denied },
      },
      config: { access: 'payments:approve' },
    },
    async (request) =>
      adminPayments.approve(caller(request), BigInt(request.params.id), request.body?.reason),
  )

  app.post(
    '/api/admin/payments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a pending payment with a reason: a withdrawal’s money returns to the player',
        params: adminIdParam,
        body: rejectBody,
        response: { 200: approveResult, ...denied },
      },
      config: { access: 'payments:approve' },
    },
    async (request) => adminPayments.reject(caller(request), BigInt(request.params.id), request.body.reason),
  )

  app.post(
    '/api/admin/payments/:id/reconcile',
    {
      schema: {
        tags,
        summary: 'Asks the provider where a payment stuck in flight stands and applies its answer',
        params: adminIdParam,
        response: { 200: adminPayment, ...denied },
      },
      config: { access: 'payments:approve' },
    },
    async (request) => adminPayments.reconcile(caller(request), BigInt(request.params.id)),
  )
}
