import { defineConfig } from 'vitest/config'

/**
 * Three projects: unit (pure logic of web and shared), api (Fastify through inject on a
 * real database cloned from one migrated template), e2e (Chromium against a running server).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
            'apps/games/client/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // packages/db's files open an embedded database in their hooks: seconds on a loaded
          // machine (one took over 10 s, the default, beside the api suite under Node 24).
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.test.ts',
            'apps/games/src/**/*.test.ts',
            // The apps run together (apps/server): the casino with the game server, SSR over the api.
            'apps/server/src/**/*.test.ts',
          ],
          // Files of Redis cases only: without a Redis to test (TEST_REDIS_URL) they hold no test.
          exclude: process.env.TEST_REDIS_URL
            ? []
            : ['apps/api/src/realtime/redis.test.ts', 'apps/api/src/rate-limits.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share its module graph: the app is imported once a worker, not
          // once a file (about 4 s of a file's time: docs/performance.md "The test suite"). Each
          // file still builds its own app on a database of its own.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
