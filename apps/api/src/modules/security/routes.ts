import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { playerSession, sessionIdParam, signedOut } from '@aurum/shared/contracts/security'

/** The security page's sessions: list them, sign one out, or sign out every other one. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['security']
  app.get(
    '/api/player/sessions',
    {
      schema: {
        tags,
        summary: 'The player’s active sessions (IUserSession)',
        response: { 200: z.array(playerSession), 401: errorResponse },
      },
    },
    async (request) => app.sessions.list(request.requireUser(), request.session?.id ?? null),
  )
  app.delete(
    '/api/player/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Signs out one of the player’s sessions',
        params: sessionIdParam,
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await app.sessions.revokeNumber(request.requireUser(), request.params.id)))
        throw new AppError('not_found', 404)
      return reply.status(204).send(null)
    },
  )
  app.delete(
    '/api/player/sessions',
    {
      schema: {
        tags,
        summary: 'Signs out every session but this one',
        response: { 200: signedOut, 401: errorResponse },
      },
    },
    async (request) => ({
      signed_out: await app.sessions.revokeOthers(request.requireUser(), request.session!.id),
    }),
  )
}
