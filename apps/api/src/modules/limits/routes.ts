import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CURRENCIES,
  LIMIT_LIFETIMES,
  LIMIT_PERIODS,
  LIMIT_STATUSES,
  MAX_SESSION_MINUTES,
} from '@aurum/shared'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { isExclusionInput, type LimitsService } from './service.ts'

const CODES: readonly string[] = CURRENCIES.map((c) => c.code)
const currency = z.string().refine((c) => CODES.includes(c), 'validation.one_of')
const amountCents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/**
 * The IUserLimit-shaped body (create and update alike); fields the server decides are ignored, so a
 * limit as GET answers it (with `session` and `pending`) can be posted back. Any other key is refused,
 * as on every other route.
 */
const ignored = {
  id: z.number().int().optional(),
  status: z.enum(LIMIT_STATUSES).optional(),
  strategy: z.string().nullable().optional(),
  parent_type: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  disable_at: z.string().nullable().optional(),
  confirm_until: z.string().nullable().optional(),
  session: z.unknown().optional(),
  pending: z.unknown().optional(),
}
const limitBody = z.discriminatedUnion('type', [
  z.strictObject({
    ...ignored,
    type: z.enum(['deposit', 'wager', 'loss']),
    period: z.enum(LIMIT_PERIODS),
    accounts: z
      .array(
        z.strictObject({
          currency,
          amount_cents: amountCents,
          current_value_amount_cents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
          active_until: z.string().nullable().optional(),
        }),
      )
      .min(1)
      .max(CODES.length)
      .refine((a) => new Set(a.map((x) => x.currency)).size === a.length, 'validation.one_of'),
  }),
  z.strictObject({
    ...ignored,
    type: z.literal('session'),
    period: z.enum(LIMIT_PERIODS),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_SESSION_MINUTES)
      .describe('Minutes of real-money play per period'),
    accounts: z.array(z.unknown()).max(0).optional(),
  }),
  z.strictObject({
    ...ignored,
    type: z.enum(['coolingoff', 'selfexclusion']),
    period: z.enum(LIMIT_LIFETIMES).describe('The lifetime: day, day_3, week, month, month_3 … forever'),
    accounts: z.array(z.unknown()).max(0).optional(),
  }),
])

const account = z.object({
  currency: z.string(),
  amount_cents: z.number(),
  current_value_amount_cents: z.number(),
  active_until: z.string().nullable(),
})
const userLimit = z
  .object({
    id: z.number(),
    type: z.string(),
    period: z.string(),
    status: z.enum(LIMIT_STATUSES),
    strategy: z.null(),
    parent_type: z.null(),
    created_at: z.string(),
    disable_at: z.string().nullable(),
    confirm_until: z.string().nullable(),
    accounts: z.array(account),
    session: z
      .object({ minutes: z.number(), current_minutes: z.number(), active_until: z.string().nullable() })
      .nullable()
      .describe('A session limit: minutes of play per period and those played (its accounts are empty)'),
    pending: z
      .object({
        period: z.string(),
        accounts: z.array(z.object({ currency: z.string(), amount_cents: z.number() })),
        minutes: z.number().nullable(),
        effective_at: z.string(),
      })
      .nullable(),
  })
  .describe('IUserLimit, with the change that waits (`pending`)')

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
        params: z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
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
        body: z.strictObject({ token: z.string().min(20).max(100) }),
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
