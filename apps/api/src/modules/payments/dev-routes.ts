import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CRYPTO_WALLET_CURRENCIES } from '@aurum/shared'
import { errorResponses } from '../../lib/schemas.ts'
import type { CryptoDeposits } from './crypto.ts'

/** The development chain (docs/payments.md): registered outside production only. */
export const devChainRoutes: FastifyPluginAsyncZod<{ crypto: CryptoDeposits }> = async (app, { crypto }) => {
  const tags = ['development']
  app.post(
    '/dev/chain/transactions',
    {
      schema: {
        tags,
        summary: 'Sends a simulated on-chain transaction to a deposit address (pending until confirmed)',
        body: z.strictObject({
          currency: z.enum(CRYPTO_WALLET_CURRENCIES),
          address: z.string().min(20).max(100),
          amount_cents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        }),
        response: {
          200: z.object({
            txid: z.string(),
            payment_id: z.number(),
            confirmations: z.number(),
            required_confirmations: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      crypto.receive(request.body.currency, request.body.address, BigInt(request.body.amount_cents)),
  )
  app.post(
    '/dev/chain/blocks',
    {
      schema: {
        tags,
        summary: 'Mines blocks; deposits with enough confirmations are credited',
        body: z.strictObject({ count: z.number().int().min(1).max(1000).default(1) }),
        response: { 200: z.object({ height: z.number(), credited: z.number() }), ...errorResponses },
      },
    },
    async (request) => crypto.mine(request.body.count),
  )
}
