import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponse } from '../../lib/schemas.ts'
import { challenge } from '@aurum/shared/contracts/captcha'
import type { CaptchaService } from './service.ts'

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
