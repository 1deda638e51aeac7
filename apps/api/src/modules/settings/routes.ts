import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { centCredentials } from '../../lib/realtime-credentials.ts'
import { CAPTCHA_VERSION, type CaptchaService } from '../captcha/service.ts'

const settings = z
  .object({
    cent: z
      .object({
        user: z.string().describe("The player's id; '' for guests"),
        timestamp: z.string().describe('Unix seconds'),
        token: z
          .string()
          .describe('Connection token: a JWT (HS256) naming the player and the sign-in, valid 15 minutes'),
        authEndpoint: z.string().describe('Where private channels get their signatures'),
        url: z.string().describe('The websocket URL of the realtime hub'),
      })
      .describe('Legacy realtime credentials'),
    recaptcha: z.string().describe("The captcha's site key; '' when registration needs no captcha"),
    recaptcha_version: z
      .number()
      .describe('0: our proof-of-work captcha (`GET /api/captcha/challenge`); reCAPTCHA used 2 and 3'),
  })
  .describe('IUserSettings')

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
