import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import { errorResponse } from '../lib/schemas.ts'
import { authAnswer, authBody, notificationSubscription } from '@aurum/shared/contracts/realtime'
import {
  connectionToken,
  REALTIME_SOCKET_PATH,
  realtimeKey,
  subscriptionToken,
} from '../lib/realtime-credentials.ts'
import { MemoryBroker, type Broker } from './broker.ts'
import { casinoChannels } from './channels.ts'
import { Hub } from './hub.ts'
import { RedisBroker } from './redis-broker.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub of this node (docs/realtime.md). */
    realtime: Hub
  }
}

/** The newer mode's client name (`ws:<client_name>:` channels, api-shapes §7.1). */
export const REALTIME_CLIENT_NAME = 'aurum'
/** The newer mode's socket path under the answered `url` (the current client's default). */
export const NEWER_SOCKET_PATH = '/connection/websocket'
/** A websocket message larger than this closes the connection (1009); commands are small. */
export const MAX_MESSAGE_BYTES = 64 * 1024
/**
 * The websocket hub at `/sock` (and `/connection/websocket` for the current client's default
 * path), the private-channel auth endpoint of spec §7 and the newer mode's credentials. The
 * broker is Redis pub/sub when `REDIS_URL` is set (several nodes), else in process.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const key = realtimeKey(config.SESSION_SECRET)
    const rules = casinoChannels(REALTIME_CLIENT_NAME)
    const broker: Broker = app.redis
      ? new RedisBroker(app.redis, config.REDIS_PREFIX, app.log)
      : new MemoryBroker()
    const hub = new Hub({
      key,
      broker,
      rules,
      log: app.log,
      version: process.env.npm_package_version ?? '0.1.0',
      sessionLive: (sessionId, userId) => app.sessions.isLive(sessionId, BigInt(userId)),
    })
    await hub.start()
    app.decorate('realtime', hub)
    app.sessions.onEnd(async (end) => {
      if ('sessionId' in end) await hub.endSession(end.sessionId)
      else await hub.endUserSessions(end.userId.toString(), end.except)
    })
    // The hub says goodbye (clients reconnect to another node) before the server closes.
    app.addHook('preClose', () => hub.shutdown())

    await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } })
    const api = app.withTypeProvider<ZodTypeProvider>()
    for (const path of [REALTIME_SOCKET_PATH, NEWER_SOCKET_PATH]) {
      api.get(path, { websocket: true, schema: { hide: true } }, (socket) => hub.accept(socket))
    }

    api.post(
      '/api/realtime/auth',
      {
        schema: {
          tags: ['realtime'],
          summary: 'Authorises private realtime channels for one connection (spec §7)',
          body: authBody,
          response: { 200: authAnswer, 400: errorResponse, 401: errorResponse, 422: errorResponse },
        },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const user = request.requireUser().toString()
        reply.header('cache-control', 'private, no-store')
        const answer: Record<string, { status: number; info: string; sign: string }> = {}
        for (const channel of request.body.channels) {
          const rule = rules(channel)
          const own = rule !== null && rule.owner === user
          answer[channel] = own
            ? { status: 200, info: '', sign: subscriptionToken(key, user, request.body.client, channel) }
            : { status: 403, info: '', sign: '' }
        }
        return answer
      },
    )

    api.get(
      '/api/notification_center/centrifugo/subscription',
      {
        schema: {
          tags: ['realtime'],
          summary: 'Credentials of the newer realtime mode (api-shapes §7.1)',
          response: {
            200: notificationSubscription,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store')
        const origin = new URL(request.publicOrigin)
        const session = request.session
        return {
          user: session ? session.userId.toString() : '',
          url: `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`,
          client_name: REALTIME_CLIENT_NAME,
          token: connectionToken(key, session ? { userId: session.userId, sessionId: session.id } : null),
        }
      },
    )
  },
  { name: 'realtime', dependencies: ['redis', 'session'] },
)
