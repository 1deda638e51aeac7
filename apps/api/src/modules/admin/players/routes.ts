import { Readable } from 'node:stream'
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditPage } from '@aurum/shared/contracts/audit'
import {
  pageQuery,
  playerActionResult,
  playerDocumentsPage,
  playerLedgerPage,
  playerLedgerQuery,
  playerLimitBody,
  playerLimits,
  playerNote,
  playerNoteBody,
  playerNotesPage,
  playerPaymentsPage,
  playerPaymentsQuery,
  playerProfile,
  playerReasonBody,
  playerRoundsPage,
  playerRoundsQuery,
  playerSessions,
  playersCsvQuery,
  playersPage,
  playersQuery,
  playerTestAccountBody,
  playerWallets,
  sessionsEnded,
} from '@aurum/shared/contracts/admin-players'
import { idParam } from '@aurum/shared/contracts/common'
import { errorResponse, errorResponses } from '../../../lib/schemas.ts'
import { requireStaff } from '../../../plugins/staff-session.ts'
import type { AdminPlayersService, StaffCaller } from './service.ts'

const auditTrailQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, 'validation.invalid')
    .optional(),
  per_page: z
    .string()
    .regex(/^\d{1,3}$/, 'validation.invalid')
    .pipe(z.coerce.number<string>().int().min(1).max(200))
    .optional(),
})

/** The staff member acting, as the services take them. */
function callerOf(request: FastifyRequest): StaffCaller {
  const staff = requireStaff(request)
  return { actor: { id: staff.id, label: staff.email }, ctx: request.ctx }
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')

/**
 * The back office's players (docs/backoffice.md "Players"): the search and its CSV, the player
 * 360 tabs (each its own request, loaded when its tab opens) and support's actions. Reading needs
 * `players:view`, acting `players:edit`, resetting the second factor `players:approve`.
 */
export const adminPlayersRoutes: FastifyPluginAsyncZod<{ players: AdminPlayersService }> = async (
  app,
  { players },
) => {
  const tags = ['admin']
  const denied = { 401: errorResponse, 403: errorResponse, 404: errorResponse, ...errorResponses }
  const view = { access: 'players:view' } as const
  const edit = { access: 'players:edit' } as const
  const id = (request: { params: { id: number } }) => BigInt(request.params.id)

  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/admin/players')) noStore(reply)
  })

  app.get(
    '/api/admin/players',
    {
      schema: {
        tags,
        summary: 'Searches players by id, e-mail, name, phone or IP, with filters, sorting and paging',
        querystring: playersQuery,
        response: { 200: playersPage, ...denied },
      },
      config: view,
    },
    async (request) => players.search(request.query),
  )

  app.get(
    '/api/admin/players.csv',
    {
      schema: {
        tags,
        summary: 'The search as CSV (RFC 4180): every match, in the list’s order',
        querystring: playersCsvQuery,
        response: denied,
      },
      config: view,
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      reply
        .header('content-disposition', 'attachment; filename="players.csv"')
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(players.csv(request.query)))
    },
  )

  app.get(
    '/api/admin/players/:id',
    {
      schema: {
        tags,
        summary: 'A player’s profile: statuses, groups, flags, sign-ins, verification, 2FA',
        params: idParam,
        response: { 200: playerProfile, ...denied },
      },
      config: view,
    },
    async (request) => players.profile(id(request)),
  )

  app.get(
    '/api/admin/players/:id/wallets',
    {
      schema: {
        tags,
        summary: 'A player’s balances per currency: real, bonus, locked and available to cash out',
        params: idParam,
        response: { 200: playerWallets, ...denied },
      },
      config: view,
    },
    async (request) => players.wallets(id(request)),
  )

  app.get(
    '/api/admin/players/:id/ledger',
    {
      schema: {
        tags,
        summary: 'The ledger entries of a player’s accounts, newest first',
        params: idParam,
        querystring: playerLedgerQuery,
        response: { 200: playerLedgerPage, ...denied },
      },
      config: view,
    },
    async (request) => players.ledger(id(request), request.query),
  )

  app.get(
    '/api/admin/players/:id/rounds',
    {
      schema: {
        tags,
        summary: 'A player’s game rounds with their provably fair data',
        params: idParam,
        querystring: playerRoundsQuery,
        response: { 200: playerRoundsPage, ...denied },
      },
      config: view,
    },
    async (request) => players.rounds(id(request), request.query),
  )

  app.get(
    '/api/admin/players/:id/payments',
    {
      schema: {
        tags,
        summary: 'A player’s deposits and withdrawals, newest first',
        params: idParam,
        querystring: playerPaymentsQuery,
        response: { 200: playerPaymentsPage, ...denied },
      },
      config: view,
    },
    async (request) => players.payments(id(request), request.query),
  )

  app.get(
    '/api/admin/players/:id/limits',
    {
      schema: {
        tags,
        summary: 'A player’s limits in force and every limit they had',
        params: idParam,
        response: { 200: playerLimits, ...denied },
      },
      config: view,
    },
    async (request) => players.limits(id(request)),
  )

  app.get(
    '/api/admin/players/:id/documents',
    {
      schema: {
        tags,
        summary: 'A player’s verification documents, newest first',
        params: idParam,
        querystring: pageQuery,
        response: { 200: playerDocumentsPage, ...denied },
      },
      config: view,
    },
    async (request) => players.documents(id(request), request.query),
  )

  app.get(
    '/api/admin/players/:id/sessions',
    {
      schema: {
        tags,
        summary: 'A player’s sign-ins and devices: live ones first, then ended ones',
        params: idParam,
        response: { 200: playerSessions, ...denied },
      },
      config: view,
    },
    async (request) => players.sessions(id(request)),
  )

  app.get(
    '/api/admin/players/:id/notes',
    {
      schema: {
        tags,
        summary: 'Support’s notes on a player, newest first',
        params: idParam,
        querystring: pageQuery,
        response: { 200: playerNotesPage, ...denied },
      },
      config: view,
    },
    async (request) => players.notes(id(request), request.query),
  )

  app.get(
    '/api/admin/players/:id/audit',
    {
      schema: {
        tags,
        summary: 'The audit entries whose target is this player, newest first',
        params: idParam,
        querystring: auditTrailQuery,
        response: { 200: auditPage, ...denied },
      },
      config: view,
    },
    async (request) => players.auditTrail(id(request), request.query),
  )

  app.post(
    '/api/admin/players/:id/block',
    {
      schema: {
        tags,
        summary: 'Blocks a player: no sign-in, and their sessions end',
        params: idParam,
        body: playerReasonBody,
        response: { 200: playerActionResult, ...denied },
      },
      config: edit,
    },
    async (request) => players.block(id(request), request.body.reason, callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/unblock',
    {
      schema: {
        tags,
        summary: 'Unblocks a player',
        params: idParam,
        body: playerReasonBody,
        response: { 200: playerActionResult, ...denied },
      },
      config: edit,
    },
    async (request) => players.unblock(id(request), request.body.reason, callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/sessions/end',
    {
      schema: {
        tags,
        summary: 'Signs a player out on every device',
        params: idParam,
        response: { 200: sessionsEnded, ...denied },
      },
      config: edit,
    },
    async (request) => players.endSessions(id(request), callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/2fa/reset',
    {
      schema: {
        tags,
        summary: 'Turns a player’s second factor off (a lost authenticator)',
        params: idParam,
        body: playerReasonBody,
        response: { 200: playerActionResult, ...denied },
      },
      config: { access: 'players:approve' },
    },
    async (request) => players.resetTwoFactor(id(request), request.body.reason, callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/limits',
    {
      schema: {
        tags,
        summary: 'Sets a limit on a player’s behalf: new or stricter than the one in force only',
        params: idParam,
        body: playerLimitBody,
        response: { 200: playerLimits, ...denied },
      },
      config: edit,
    },
    async (request) => players.setLimit(id(request), request.body, callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/test-account',
    {
      schema: {
        tags,
        summary: 'Marks a player as a test account (left out of the dashboard and the reports) or not',
        params: idParam,
        body: playerTestAccountBody,
        response: { 200: playerActionResult, ...denied },
      },
      config: edit,
    },
    async (request) => players.setTestAccount(id(request), request.body.test, callerOf(request)),
  )

  app.post(
    '/api/admin/players/:id/notes',
    {
      schema: {
        tags,
        summary: 'Adds a support note to a player (notes are never changed or removed)',
        params: idParam,
        body: playerNoteBody,
        response: { 201: playerNote, ...denied },
      },
      config: edit,
    },
    async (request, reply) => {
      const note = await players.addNote(id(request), request.body.text, callerOf(request))
      return reply.status(201).send(note)
    },
  )
}
