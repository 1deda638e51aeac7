import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse } from '../../lib/schemas.ts'
import type { CaptchaService } from './service.ts'

const challenge = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional().describe('Unix seconds'),
    }),
    signature: z.string().optional(),
  })
  .describe(
    'An ALTCHA v2 proof-of-work challenge (SHA-256): find the counter whose key starts with keyPrefix. ' +
      'Send base64(JSON {challenge, solution: {counter, derivedKey}}) as the `captcha` field of a form.',
  )

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  app.get(
    '/api/captcha/challenge',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'A fresh proof-of-work captcha challenge, valid for 10 minutes, each solution accepted once',
        response: { 200: challenge, 429: errorResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return captcha.challenge()
    },
  )
}
