import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import type { PaymentService } from './service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string
  }
}

export const providerEvent = z.strictObject({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  payment_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reference: z.string().min(1).max(200),
  reason: z.string().max(200).optional(),
})

/**
 * Provider callbacks. The signature is an HMAC over the exact bytes received, so this plugin
 * (encapsulated: only its routes) keeps the raw body next to the parsed one and checks the
 * signature before anything else looks at the request.
 */
export const callbackRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
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

  app.post(
    '/api/payments/callbacks/sandbox',
    {
      preValidation: async (request) => {
        const signature = request.headers['x-signature']
        if (
          !payments.provider.verifySignature(
            request.rawBody ?? '',
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          throw new AppError('invalid_signature', 401)
        }
      },
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox provider events (signed: X-Signature sha256=<HMAC of the raw body>); applied once per event id',
        headers: z.object({ 'x-signature': z.string().max(100) }),
        body: providerEvent,
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await payments.applyEvent(request.body)
      request.log.info({ event: request.body.id, payment: request.body.payment_id, result }, 'payment event')
      return reply.status(204).send(null)
    },
  )
}
