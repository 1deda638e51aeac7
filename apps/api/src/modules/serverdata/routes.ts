import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { defaultCurrencyFor, defaultLocaleFor } from '@aurum/shared'
import { errorResponses } from '../../lib/schemas.ts'

export const serverDataSchema = z.object({
  country: z.string().nullable().describe('From the domain, else the geo-IP header'),
  restricted: z.boolean().describe('The country is restricted: no registration, login or game page'),
  default_locale: z.string(),
  default_currency: z.string(),
  ip: z.string(),
  server_time: z.string(),
  version: z.string(),
})

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
