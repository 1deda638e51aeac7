import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isRealityCheckMinutes, REALITY_CHECK_OPTIONS } from '@aurum/shared'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import type { RealityCheckService } from './service.ts'

const state = z
  .object({
    interval_minutes: z.number().describe('The interval in force: the player’s choice, else the default'),
    default_minutes: z.number().describe('The casino’s default (REALITY_CHECK_MINUTES)'),
    options: z.array(z.number()).describe('The intervals a player may choose (no "off")'),
    session: z
      .object({
        started_at: z.string(),
        game_title: z.string(),
        currency: z.string(),
        wagered_cents: z.number(),
        won_cents: z.number(),
        net_cents: z.number(),
      })
      .nullable()
      .describe(
        'The current real-money play session: from the start of the run of game sessions the newest one in use belongs to (a pause over 30 minutes starts a new one), with its totals in the currency played; null when no game is in use',
      ),
  })
  .describe('Reality check: the reminder interval and the session’s time and result')

export const realityCheckBody = z.strictObject({
  interval_minutes: z
    .number()
    .refine(isRealityCheckMinutes, 'validation.reality_check_interval')
    .describe(`Minutes between reminders: one of ${REALITY_CHECK_OPTIONS.join(', ')}`),
})

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
        response: { 200: state, 401: errorResponse },
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
        response: { 200: state, 401: errorResponse, ...errorResponses },
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
