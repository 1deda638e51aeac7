import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  authenticateAnswer,
  balanceAnswer,
  verifyBody,
  walletKey,
  walletRequests,
} from '@aurum/game-protocol'
import { AppError } from '../../lib/errors.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import type { SeamlessWallet } from './wallet.ts'

/**
 * The seamless wallet's endpoints for the game server (docs/games.md "Wallet protocol"). The
 * signature is an HMAC over the exact bytes received, checked before the body is looked at; this
 * plugin (encapsulated) keeps the raw body next to the parsed one for that.
 */
export const gameWalletRoutes: FastifyPluginAsyncZod<{
  wallet: SeamlessWallet
  walletSecret: string
}> = async (app, { wallet, walletSecret }) => {
  const key = walletKey(walletSecret)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string
    try {
      done(null, JSON.parse(body as string))
    } catch {
      const error = new Error('malformed JSON') as Error & { statusCode: number }
      error.statusCode = 400
      done(error, undefined)
    }
  })
  app.addHook('preValidation', async (request) => {
    const signature = request.headers['x-signature']
    if (!verifyBody(key, request.rawBody ?? '', typeof signature === 'string' ? signature : undefined)) {
      throw new AppError('invalid_signature', 401)
    }
  })

  // Answers to the game server, not pages: no browser security headers, too small to compress.
  const serverToServer = { helmet: false, compress: false } as const
  const schema = <B extends z.ZodType, A extends z.ZodType>(summary: string, body: B, answer: A) => ({
    tags: ['games'],
    summary,
    headers: z.object({ 'x-signature': z.string().max(100) }),
    body,
    response: { 200: answer, 401: errorResponse, 404: errorResponse, ...errorResponses },
  })

  app.post(
    '/api/wallet/authenticate',
    {
      ...serverToServer,
      schema: schema(
        'Game server: exchange a single-use launch token for a wallet session',
        walletRequests.authenticate,
        authenticateAnswer,
      ),
    },
    async (request) => wallet.authenticate(request.body.token),
  )
  app.post(
    '/api/wallet/balance',
    {
      ...serverToServer,
      schema: schema('Game server: the session player’s balance', walletRequests.balance, balanceAnswer),
    },
    async (request) => wallet.balance(request.body.session_id),
  )
  app.post(
    '/api/wallet/bet',
    {
      ...serverToServer,
      schema: schema(
        'Game server: a bet (player to house), once per transaction id; refused beyond the balance or a limit',
        walletRequests.bet,
        balanceAnswer,
      ),
    },
    async (request) => wallet.bet(request.body),
  )
  app.post(
    '/api/wallet/win',
    {
      ...serverToServer,
      schema: schema(
        'Game server: a win (house to player), once per transaction id; closes the round when told',
        walletRequests.win,
        balanceAnswer,
      ),
    },
    async (request) => wallet.win(request.body),
  )
  app.post(
    '/api/wallet/rollback',
    {
      ...serverToServer,
      schema: schema(
        'Game server: undo a bet (recorded even before the bet arrives, which is then refused)',
        walletRequests.rollback,
        balanceAnswer,
      ),
    },
    async (request) => wallet.rollback(request.body),
  )
}
