import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/schemas.ts'
import { logRecord, networkRecord, performanceRecord } from '@aurum/shared/contracts/telemetry'
import type { TelemetryService } from './service.ts'

export const telemetryRoutes: FastifyPluginAsyncZod<{ telemetry: TelemetryService }> = async (
  app,
  { telemetry },
) => {
  const tags = ['telemetry']
  const config = { rateLimit: { max: 120, timeWindow: '1 minute' } }
  const bodyLimit = 16 * 1024
  const response = { 204: z.null().describe('Stored'), ...errorResponses }
  app.put(
    '/log',
    { config, bodyLimit, schema: { tags, summary: 'Client log record', body: logRecord, response } },
    async (request, reply) => {
      await telemetry.record('log', request.ctx, request.body)
      return reply.status(204).send(null)
    },
  )
  app.put(
    '/performance',
    { config, bodyLimit, schema: { tags, summary: 'Page-load timings', body: performanceRecord, response } },
    async (request, reply) => {
      await telemetry.record('performance', request.ctx, request.body)
      return reply.status(204).send(null)
    },
  )
  app.put(
    '/network-performance',
    { config, bodyLimit, schema: { tags, summary: 'Connection quality', body: networkRecord, response } },
    async (request, reply) => {
      await telemetry.record('network', request.ctx, request.body)
      return reply.status(204).send(null)
    },
  )
}
