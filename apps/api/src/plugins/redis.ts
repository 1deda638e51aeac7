import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { closeRedis, connectRedis, type Redis } from '../lib/redis.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when `REDIS_URL` is set (sessions, realtime pub/sub, rate limits, sign-in failure limits, cache invalidations). */
    redis: Redis | null
  }
}

/** Connects at start (an unreachable Redis stops the start with a clear message) and quits on close. */
export default fp(
  async (app, { config }: { config: Config }) => {
    const client = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : null
    app.decorate('redis', client)
    if (client) app.addHook('onClose', () => closeRedis(client))
  },
  { name: 'redis' },
)
