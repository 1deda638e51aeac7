import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import type { WalletService } from './service.ts'

const account = z
  .object({
    currency: z.string(),
    amount_cents: z.number(),
    available_to_cashout_cents: z.number(),
    available_to_bet_with_locked_cent: z.number(),
    hidden_at: z.string().nullable(),
    deposit_available: z.boolean(),
    selected_lottery_id: z.number(),
    active: z.boolean(),
  })
  .describe('IUserAccount: a wallet; amounts in minor units (balances from the ledger)')
const compatibleAccount = z
  .object({
    currency: z.string(),
    amount_cents: z.number(),
    available_to_cashout_cents: z.number(),
    wager_status: z.string(),
  })
  .describe('IUserAccountCompatibility')
const perCurrency = z.record(z.string(), z.number())

export const walletRoutes: FastifyPluginAsyncZod<{ wallets: WalletService }> = async (app, { wallets }) => {
  const tags = ['wallets']
  app.get(
    '/api/player/accounts',
    {
      schema: {
        tags,
        summary: 'The player’s wallets, the active one first',
        querystring: z.strictObject({
          compatibility: z.enum(['true', 'false']).default('false').describe('true: the older item shape'),
        }),
        response: {
          200: z.array(z.union([account, compatibleAccount])),
          401: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const userId = request.requireUser()
      return request.query.compatibility === 'true' ? wallets.listCompatible(userId) : wallets.list(userId)
    },
  )
  app.post(
    '/api/player/accounts',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Opens a wallet in a currency (if needed) and makes it the active one',
        body: z.strictObject({ currency: z.string().regex(/^[A-Z]{3,5}$/, 'validation.one_of') }),
        response: { 200: account, 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => wallets.select(request.requireUser(), request.body.currency, request.locale),
  )
  app.get(
    '/api/player/stats',
    {
      schema: {
        tags,
        summary:
          'Deposit count and sums of deposits, cash-outs and bets per currency, from the ledger (IPlayerStats)',
        response: {
          200: z.object({
            deposits_count: z.number(),
            deposits_sum: perCurrency,
            cashouts_sum: perCurrency,
            bets_sum: perCurrency,
            messages: z.object({ notice: z.string() }),
          }),
          401: errorResponse,
        },
      },
    },
    async (request) => wallets.stats(request.requireUser()),
  )
}
