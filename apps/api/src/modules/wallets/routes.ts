import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import {
  account,
  accountsQuery,
  compatibleAccount,
  playerStats,
  selectAccountBody,
} from '@aurum/shared/contracts/wallets'
import type { WalletService } from './service.ts'

export const walletRoutes: FastifyPluginAsyncZod<{ wallets: WalletService }> = async (app, { wallets }) => {
  const tags = ['wallets']
  app.get(
    '/api/player/accounts',
    {
      schema: {
        tags,
        summary: 'The player’s wallets, the active one first',
        querystring: accountsQuery,
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
        body: selectAccountBody,
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
          200: playerStats,
          401: errorResponse,
        },
      },
    },
    async (request) => wallets.stats(request.requireUser()),
  )
}
