import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { LocalCacheBus, RedisCacheBus, type CacheBus } from '../lib/cache-bus.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Invalidations of cached data (CMS, reference data, catalogue) for every node (lib/cache-bus.ts). */
    caches: CacheBus
  }
}

/** Through Redis pub/sub when REDIS_URL is set (several nodes), in this process otherwise. */
export default fp(
  async (app, { config }: { config: Config }) => {
    const bus: CacheBus = app.redis
      ? await RedisCacheBus.start(app.redis, config.REDIS_PREFIX, app.log)
      : new LocalCacheBus()
    app.decorate('caches', bus)
    app.addHook('onClose', () => bus.close())
  },
  { name: 'cache-bus', dependencies: ['redis'] },
)
