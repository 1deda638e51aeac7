import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { defaultCurrencyFor, defaultLocaleFor } from '@aurum/shared'
import { errorResponses } from '../../lib/schemas.ts'
import { serverDataSchema } from '@aurum/shared/contracts/serverdata'

export const serverDataRoutes: FastifyPluginAsyncZod<{ version: string; now: () => Date }> = async (
  app,
  { version, now },
) => {
  app.get(
    '/json-api/serverdata',
    {
      schema: {
        tags: ['info'],
        summary: 'What the server knows about this visitor: country, restriction, defaults',
        querystring: z.strictObject({}),
        response: { 200: serverDataSchema, ...errorResponses },
      },
    },
    (request) => ({
      country: request.country ?? null,
      restricted: request.restricted,
      default_locale: defaultLocaleFor(request.country),
      default_currency: defaultCurrencyFor(request.country),
      ip: request.ip,
      server_time: now().toISOString(),
      version,
    }),
  )
}
