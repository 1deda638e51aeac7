import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { settings } from '@aurum/shared/contracts/settings'
import { centCredentials } from '../../lib/realtime-credentials.ts'
import { CAPTCHA_VERSION, type CaptchaService } from '../captcha/service.ts'

/** `GET /api/player/settings`: answered for guests too (their realtime user is ''). */
export const settingsRoutes: FastifyPluginAsyncZod<{
  captcha: CaptchaService
  realtimeKey: string
}> = async (app, { captcha, realtimeKey }) => {
  app.get(
    '/api/player/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: 'User settings: realtime credentials and the captcha site key',
        response: { 200: settings },
      },
    },
    async (request, reply) => {
      // Signed per request and per player: never cached by a browser or a proxy.
      reply.header('cache-control', 'private, no-store')
      return {
        cent: centCredentials(
          realtimeKey,
          request.session ? { userId: request.session.userId, sessionId: request.session.id } : null,
          request.publicOrigin,
        ),
        recaptcha: captcha.config.site_key,
        recaptcha_version: CAPTCHA_VERSION,
      }
    },
  )
}
