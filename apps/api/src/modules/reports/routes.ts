import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  dashboard,
  dashboardQuery,
  ggrCsvQuery,
  ggrPage,
  ggrQuery,
  playerExportParams,
} from '@aurum/shared/contracts/admin-reports'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import type { ReportsService } from './service.ts'

const refused = { 401: errorResponse, 403: errorResponse, ...errorResponses }

/**
 * The back office's dashboard (`dashboard:view`) and reports (`reports:view`):
 * docs/backoffice.md "Dashboard" and "Reports".
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  const tags = ['admin']
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary:
          'Deposits, withdrawals, bets, wins, GGR, NGR, players per currency and UTC day; the queues now',
        querystring: dashboardQuery,
        response: { 200: dashboard, ...refused },
      },
      config: { access: 'dashboard:view' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return reports.dashboard(request.query)
    },
  )

  app.get(
    '/api/admin/reports/ggr',
    {
      schema: {
        tags,
        summary: 'GGR and NGR by game, studio, country or day, from the ledger; paged and sorted',
        querystring: ggrQuery,
        response: { 200: ggrPage, ...refused },
      },
      config: { access: 'reports:view' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return reports.ggr(request.query)
    },
  )

  app.get(
    '/api/admin/reports/ggr.csv',
    {
      schema: {
        tags,
        summary: 'The GGR report as CSV (RFC 4180), every row, amounts in the currency’s units',
        querystring: ggrCsvQuery,
        response: refused,
      },
      config: { access: 'reports:view' },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="ggr-by-${request.query.group}.csv"`)
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(reports.ggrCsv(request.query)))
    },
  )

  app.get(
    '/api/admin/reports/players/:id/export',
    {
      schema: {
        tags,
        summary:
          'The regulator export of a player: profile, accounts, limits, sessions, rounds with fairness data, ledger entries, payments and history, as one streamed JSON document',
        params: playerExportParams,
        response: { 404: errorResponse, ...refused },
      },
      config: { access: 'reports:view' },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      const staff = requireStaff(request)
      const id = BigInt(request.params.id)
      const stream = await reports.exportPlayer({ id: staff.id, label: staff.email }, id, {
        ip: request.ctx.ip,
        userAgent: request.ctx.userAgent ?? undefined,
        id: request.id,
      })
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="player-${id}-export.json"`)
        .type('application/json; charset=utf-8')
      return reply.send(Readable.from(stream))
    },
  )
}
