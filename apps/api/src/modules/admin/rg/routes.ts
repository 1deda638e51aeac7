import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  rgInteraction,
  rgInteractionBody,
  rgInteractionsPage,
  rgInteractionsQuery,
  rgMarkersCsvQuery,
  rgMarkersPage,
  rgMarkersQuery,
  rgPlayerFile,
  rgPlayersCsvQuery,
  rgPlayersPage,
  rgPlayersQuery,
} from '@aurum/shared/contracts/admin-rg'
import { idParam } from '@aurum/shared/contracts/common'
import { csvFileName } from '../../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../../lib/schemas.ts'
import { requireStaff } from '../../../plugins/staff-session.ts'
import type { StaffCaller } from '../players/service.ts'
import type { RgService } from './service.ts'

function callerOf(request: FastifyRequest): StaffCaller {
  const staff = requireStaff(request)
  return { actor: { id: staff.id, label: staff.email }, ctx: request.ctx }
}

/**
 * The back office's responsible gambling (docs/backoffice.md "Responsible gambling"): reading needs
 * `responsible_gambling:view`, recording an interaction with a player `responsible_gambling:edit`.
 */
export const rgRoutes: FastifyPluginAsyncZod<{ rg: RgService; now: () => Date }> = async (
  app,
  { rg, now },
) => {
  const tags = ['admin']
  const denied = { 401: errorResponse, 403: errorResponse, 404: errorResponse, ...errorResponses }
  const view = { access: 'responsible_gambling:view' } as const
  const edit = { access: 'responsible_gambling:edit' } as const
  const id = (request: { params: { id: number } }) => BigInt(request.params.id)
  const csv = (typed: FastifyReply, what: string, body: AsyncGenerator<string>) => {
    const reply: FastifyReply = typed
    return reply
      .header('content-disposition', `attachment; filename="${csvFileName(what, now())}"`)
      .type('text/csv; charset=utf-8')
      .send(Readable.from(body))
  }

  app.addHook('onSend', async (request, reply) => {
    const url = request.routeOptions.url ?? ''
    if (url.startsWith('/api/admin/rg') || url.endsWith('/rg-interactions'))
      reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/api/admin/rg/players',
    {
      schema: {
        tags,
        summary:
          'Players with a limit, a cooling-off or self-exclusion (in force or ended lately) or a reality check chosen',
        querystring: rgPlayersQuery,
        response: { 200: rgPlayersPage, ...denied },
      },
      config: view,
    },
    async (request) => rg.players(request.query),
  )

  app.get(
    '/api/admin/rg/players.csv',
    {
      schema: {
        tags,
        summary: 'The players list as CSV (RFC 4180): every row, in the list’s order',
        querystring: rgPlayersCsvQuery,
        response: denied,
      },
      config: view,
    },
    async (request, reply) => csv(reply, 'rg-players', rg.playersCsv(request.query)),
  )

  app.get(
    '/api/admin/rg/markers',
    {
      schema: {
        tags,
        summary: 'Markers of harm: players whose play changed sharply in the window against their baseline',
        description:
          'Per player (test accounts left out): deposits per day against the baseline, the longest play session and the play time, the share of play at night (00:00–06:00 UTC), withdrawals recalled by the player. A player is listed when a marker fires (thresholds in docs/backoffice.md).',
        querystring: rgMarkersQuery,
        response: { 200: rgMarkersPage, ...denied },
      },
      config: view,
    },
    async (request) => rg.markers(request.query),
  )

  app.get(
    '/api/admin/rg/markers.csv',
    {
      schema: {
        tags,
        summary: 'The markers report as CSV (RFC 4180), every row',
        querystring: rgMarkersCsvQuery,
        response: denied,
      },
      config: view,
    },
    async (request, reply) => csv(reply, 'rg-markers', rg.markersCsv(request.query)),
  )

  app.get(
    '/api/admin/rg/players/:id',
    {
      schema: {
        tags,
        summary:
          'A player’s responsible-gambling file: every limit, the reality check and the last week’s markers',
        params: idParam,
        response: { 200: rgPlayerFile, ...denied },
      },
      config: view,
    },
    async (request) => rg.playerFile(id(request)),
  )

  app.get(
    '/api/admin/players/:id/rg-interactions',
    {
      schema: {
        tags,
        summary: 'What staff did about a player’s gambling, newest first',
        params: idParam,
        querystring: rgInteractionsQuery,
        response: { 200: rgInteractionsPage, ...denied },
      },
      config: view,
    },
    async (request) => rg.interactions(id(request), request.query),
  )

  app.post(
    '/api/admin/players/:id/rg-interactions',
    {
      schema: {
        tags,
        summary: 'Records an interaction with a player about their gambling (never changed or removed)',
        params: idParam,
        body: rgInteractionBody,
        response: { 201: rgInteraction, ...denied },
      },
      config: edit,
    },
    async (request, reply) => {
      const added = await rg.addInteraction(id(request), request.body, callerOf(request))
      return reply.status(201).send(added)
    },
  )
}
