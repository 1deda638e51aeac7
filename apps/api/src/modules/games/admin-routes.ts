import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminGame,
  adminGamesCsvQuery,
  adminGamesPage,
  adminGamesQuery,
  adminGameUpdateBody,
  adminRoundsPage,
  adminRoundsQuery,
  gameIdParam,
  type AdminGamesCsvQuery,
} from '@aurum/shared/contracts/admin-games'
import { parseBound } from '@aurum/shared/contracts/history'
import { AppError } from '../../lib/errors.ts'
import { csvLine, csvText, csvValue } from '../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { staffContext } from '../audit/service.ts'
import type { AdminGameFilter, CatalogueAdmin } from './admin.ts'

const denied = { 401: errorResponse, 403: errorResponse }

function filterOf(query: AdminGamesCsvQuery): AdminGameFilter {
  return {
    provider: query.provider,
    category: query.category,
    enabled: query.enabled === undefined ? undefined : query.enabled === 'true',
    badge: query.badge,
    country: query.country,
    q: query.q,
  }
}
const sortOf = (query: AdminGamesCsvQuery) => ({
  by: query.sort ?? 'position',
  direction: query.direction ?? 'asc',
})

const CSV_COLUMNS = [
  'id',
  'identifier',
  'title',
  'provider',
  'type',
  'enabled',
  'position',
  'categories',
  'badges',
  'allowed_countries',
  'blocked_countries',
  'rtp',
  'has_demo',
  'released_at',
]

/**
 * The back office's games screen (docs/backoffice.md "Games"): games:view reads the catalogue and
 * the rounds, games:edit changes a game.
 */
export const adminGameRoutes: FastifyPluginAsyncZod<{ games: CatalogueAdmin }> = async (app, { games }) => {
  const tags = ['admin']
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')

  app.get(
    '/api/admin/games',
    {
      schema: {
        tags,
        summary: 'The catalogue, disabled games included: filters, sort and pages',
        querystring: adminGamesQuery,
        response: { 200: adminGamesPage, ...denied, ...errorResponses },
      },
      config: { access: 'games:view' },
    },
    async (request, reply) => {
      noStore(reply)
      const { page = 1, per_page: perPage = 50 } = request.query
      const { data, total } = await games.list(filterOf(request.query), sortOf(request.query), {
        page,
        perPage,
      })
      return { data, pagination: { page, per_page: perPage, total_count: total } }
    },
  )

  app.get(
    '/api/admin/games.csv',
    {
      schema: {
        tags,
        summary: 'The games the filters find, as CSV (RFC 4180)',
        querystring: adminGamesCsvQuery,
        response: { ...denied, ...errorResponses },
      },
      config: { access: 'games:view' },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      const rows = await games.all(filterOf(request.query), sortOf(request.query))
      let body = csvLine(CSV_COLUMNS)
      for (const g of rows) {
        body += csvLine([
          csvValue(g.id),
          csvText(g.identifier),
          csvText(g.title),
          csvText(g.provider),
          csvText(g.type),
          csvValue(String(g.enabled)),
          csvValue(g.position),
          csvText(g.categories.join(' ')),
          csvText(g.badges.join(' ')),
          csvText(g.allowed_countries.join(' ')),
          csvText(g.blocked_countries.join(' ')),
          csvValue(String(g.rtp)),
          csvValue(String(g.has_demo)),
          csvText(g.released_at),
        ])
      }
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="games.csv"')
        .type('text/csv; charset=utf-8')
        .send(body)
    },
  )

  app.get(
    '/api/admin/games/rounds',
    {
      schema: {
        tags,
        summary: 'Game rounds as the casino’s wallet recorded them, newest first, with provably fair data',
        description:
          'Filters: player (id), game (identifier), from/to (a date is a UTC day). The fairness data is asked ' +
          'of the game server; when it does not answer, rounds come without it and pagination.fairness_available is false.',
        querystring: adminRoundsQuery,
        response: { 200: adminRoundsPage, ...denied, ...errorResponses },
      },
      config: { access: 'games:view' },
    },
    async (request, reply) => {
      noStore(reply)
      const q = request.query
      const { page = 1, per_page: perPage = 50 } = q
      const result = await games.rounds(
        {
          userId: q.player === undefined ? undefined : BigInt(q.player),
          game: q.game,
          from: q.from === undefined ? undefined : parseBound(q.from, false),
          to: q.to === undefined ? undefined : parseBound(q.to, true),
        },
        { page, perPage },
      )
      return {
        data: result.data,
        pagination: {
          page,
          per_page: perPage,
          total_count: result.total,
          fairness_available: result.fairnessAvailable,
        },
      }
    },
  )

  app.get(
    '/api/admin/games/:id',
    {
      schema: {
        tags,
        summary: 'One game of the catalogue',
        params: gameIdParam,
        response: { 200: adminGame, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: { access: 'games:view' },
    },
    async (request, reply) => {
      noStore(reply)
      const game = await games.get(BigInt(request.params.id))
      if (!game) throw new AppError('not_found', 404)
      return game
    },
  )

  app.patch(
    '/api/admin/games/:id',
    {
      schema: {
        tags,
        summary: 'Enables or disables a game, or sets its place, categories, badges or countries',
        description:
          'Each change is in the audit log (`game.updated`, the fields before and after) and reaches players at ' +
          'once on every node. Categories must exist; a country cannot be both allowed and blocked (422). ' +
          'Position, categories and badges once set here are kept by the start-up sync of the catalogue.',
        params: gameIdParam,
        body: adminGameUpdateBody,
        response: { 200: adminGame, 404: errorResponse, ...denied, ...errorResponses },
      },
      config: { access: 'games:edit' },
    },
    async (request) => {
      const game = await games.update(
        staffContext(requireStaff(request), request.ctx),
        BigInt(request.params.id),
        request.body,
      )
      if (!game) throw new AppError('not_found', 404)
      return game
    },
  )
}
