import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/schemas.ts'
import { contactBody, contactReceived } from '@aurum/shared/contracts/contact'
import type { ContactService } from './service.ts'

/** Accepted messages per address in 10 minutes. */
export const CONTACT_MESSAGES_PER_WINDOW = 5

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/api/send_contact_message',
    {
      // Counted once the body is valid (preHandler runs after validation): only messages we
      // accept use the allowance, so a player who mistyped is not locked out for 10 minutes.
      config: {
        rateLimit: { max: CONTACT_MESSAGES_PER_WINDOW, timeWindow: '10 minutes', hook: 'preHandler' },
      },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['support'],
        summary: 'Message to support: stored, and e-mailed to support when SMTP is configured',
        body: contactBody,
        response: { 201: contactReceived, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await contact.submit(request.body.contact, request.ctx)
      return reply.status(201).send({ id, status: 'received' as const })
    },
  )
}
