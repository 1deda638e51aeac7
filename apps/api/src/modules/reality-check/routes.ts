import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { realityCheckBody, realityCheckState } from '@aurum/shared/contracts/reality-check'
import type { RealityCheckService } from './service.ts'

/** The reality check of the game frame (docs/responsible-gambling.md "Reality check"). */
export const realityCheckRoutes: FastifyPluginAsyncZod<{ realityCheck: RealityCheckService }> = async (
  app,
  { realityCheck },
) => {
  const tags = ['limits']
  app.get(
    '/api/player/reality_check',
    {
      schema: {
        tags,
        summary: 'The reality-check interval and the current play session’s time and result',
        response: { 200: realityCheckState, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return realityCheck.get(request.requireUser())
    },
  )

  app.put(
    '/api/player/reality_check',
    {
      schema: {
        tags,
        summary: 'Chooses the reality-check interval (one of the options; it cannot be turned off)',
        body: realityCheckBody,
        response: { 200: realityCheckState, 401: errorResponse, ...errorResponses },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // A guest is told to sign in, whatever the body.
      preValidation: async (request) => {
        request.requireUser()
      },
    },
    async (request) => realityCheck.setInterval(request.requireUser(), request.body.interval_minutes),
  )
}
