import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { openTestDatabase } from './database.ts'
import { deleteRedisKeys, randomRedisPrefix } from './redis.ts'

export interface TestContext {
  app: FastifyInstance
  db: Database
  /** The app's configuration (createServices builds other nodes' services with it). */
  config: Config
  close(): Promise<void>
}

/**
 * A fresh database cloned from the template, and the app on top of it (no SSR). With REDIS_URL
 * in `env` the app gets a random key prefix of its own, whose keys are deleted on close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  options: Pick<AppOptions, 'playGuard' | 'clock'> = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-test-'))
  const { db, drop: dropDatabase } = await openTestDatabase(inject('dbTemplate'))
  const redisPrefix = env.REDIS_URL && !env.REDIS_PREFIX ? randomRedisPrefix() : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: redisPrefix,
    // Suites that register players but are not about the captcha go without it; captcha.test.ts
    // turns it on (as production has it by default) and solves real challenges.
    CAPTCHA_ENABLED_REGISTER: 'false',
    // Jobs run when this node adds one (woken) or a test runs them, not on a timer of their own.
    JOBS_POLL_MS: '0',
    ...env,
  })
  const app = await buildApp({ config, db, logger: logStream ?? false, ...options })
  await app.ready()
  return {
    app,
    db,
    config,
    async close() {
      if (app.redis && redisPrefix) await deleteRedisKeys(app.redis, redisPrefix)
      await app.close()
      await db.close()
      await dropDatabase?.()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function count(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM ${table}`)
  return Number(row!.n)
}

export const TEST_PASSWORD = 'Golden-Lynx-2048'
let players = 0

/** A new player, registered through the api (signed in): id, e-mail and session cookie. */
export async function registerPlayer(app: FastifyInstance, user: Record<string, unknown> = {}) {
  const n = ++players
  const email = `player${n}.${process.pid}.${Date.now()}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { user: { email, password: TEST_PASSWORD, terms_acceptance: true, ...user } },
    // Registration is rate-limited per address.
    remoteAddress: `10.99.${Math.floor(n / 250) % 250}.${n % 250}`,
  })
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`)
  const sid = res.cookies.find((c) => c.name === 'sid')!.value
  return { id: res.json<{ id: number }>().id, email, sid }
}

/** A new sign-in of a registered player (after the clock moved past their session): its cookie. */
export async function signIn(app: FastifyInstance, email: string) {
  // Sign-ins are rate-limited per address.
  const n = ++players
  const remoteAddress = `10.98.${Math.floor(n / 250) % 250}.${n % 250}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    payload: { user: { email, password: TEST_PASSWORD } },
    remoteAddress,
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  return res.cookies.find((c) => c.name === 'sid')!.value
}
