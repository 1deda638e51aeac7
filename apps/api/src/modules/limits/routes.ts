import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { confirmLimitBody, limitBody, userLimit } from '@aurum/shared/contracts/limits'
import { idParam } from '@aurum/shared/contracts/common'
import { isExclusionInput, type LimitsService } from './service.ts'

/** Responsible-gambling limits (spec §7, api-shapes §6.5; docs/responsible-gambling.md). */
export const limitsRoutes: FastifyPluginAsyncZod<{
  limits: LimitsService
}> = async (app, { limits }) => {
  const tags = ['limits']
  app.get(
    '/api/user_limits',
    {
      schema: {
        tags,
        summary: 'The player’s limits with what each counted in its current period',
        response: { 200: z.array(userLimit), 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return limits.list(request.requireUser())
    },
  )

  app.post(
    '/api/user_limits',
    {
      schema: {
        tags,
        summary:
          'Sets a limit: a stricter one applies at once, a looser one after confirmation and the delay',
        body: limitBody,
        response: { 204: z.null(), 401: errorResponse, ...errorResponses },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = request.requireUser()
      const body = request.body
      await limits.set(
        userId,
        isExclusionInput(body)
          ? { type: body.type, period: body.period }
          : body.type === 'session'
            ? { type: 'session', period: body.period, minutes: body.minutes }
            : { type: body.type, period: body.period, accounts: body.accounts },
        request.locale,
        request.publicOrigin,
      )
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/api/user_limits/:id',
    {
      schema: {
        tags,
        summary:
          'Asks to remove a limit: it stays in force until confirmed by e-mail and the delay has passed',
        params: idParam,
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse, ...errorResponses },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await limits.remove(
        request.requireUser(),
        BigInt(request.params.id),
        request.locale,
        request.publicOrigin,
      )
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/user_limits/confirm',
    {
      schema: {
        tags,
        summary: 'Confirms a limit change by the e-mailed link’s token (no sign-in needed)',
        body: confirmLimitBody,
        response: { 204: z.null(), ...errorResponses },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await limits.confirm(request.body.token)
      return reply.status(204).send(null)
    },
  )
}
