import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adjustmentBody,
  adjustmentThresholds,
  adminIdParam,
  approveResult,
  balanceAdjustment,
} from '@aurum/shared/contracts/admin-payments'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { staffCaller } from '../approvals/service.ts'
import type { AdjustmentService } from './service.ts'

/**
 * A player's manual balance adjustments in the back office (docs/backoffice.md "Balance
 * adjustments"): asking for one needs `players:edit`, listing them `players:view`; approving one
 * above the threshold is the approvals inbox's (`players:approve`).
 */
export const adjustmentsRoutes: FastifyPluginAsyncZod<{ adjustments: AdjustmentService }> = async (
  app,
  { adjustments },
) => {
  const tags = ['admin']
  const denied = { 401: errorResponse, 403: errorResponse, 404: errorResponse, ...errorResponses }

  app.post(
    '/api/admin/players/:id/adjustments',
    {
      schema: {
        tags,
        summary:
          'Adjusts a player’s real balance with a reason (a ledger transaction); above the threshold it waits for a second member',
        params: adminIdParam,
        body: adjustmentBody,
        response: { 200: approveResult, ...denied },
      },
      config: { access: 'players:edit' },
    },
    async (request) =>
      adjustments.request(
        staffCaller(requireStaff(request), request.ctx),
        BigInt(request.params.id),
        request.body,
      ),
  )

  app.get(
    '/api/admin/adjustments/thresholds',
    {
      schema: {
        tags,
        summary:
          'Per currency, the amount (minor units) above which an adjustment waits for a second member (FOUR_EYES_ADJUSTMENT)',
        response: { 200: adjustmentThresholds, 401: errorResponse, 403: errorResponse },
      },
      config: { access: 'players:edit' },
    },
    async () => ({ thresholds: adjustments.thresholds() }),
  )

  app.get(
    '/api/admin/players/:id/adjustments',
    {
      schema: {
        tags,
        summary: 'A player’s balance adjustments, newest first',
        params: adminIdParam,
        response: { 200: z.array(balanceAdjustment), ...denied },
      },
      config: { access: 'players:view' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return adjustments.list(BigInt(request.params.id))
    },
  )
}
