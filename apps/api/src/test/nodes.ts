import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { openTestDatabase } from './database.ts'
import { deleteRedisKeys, randomRedisPrefix } from './redis.ts'

export interface TestNodes {
  nodes: FastifyInstance[]
  /** The database the nodes share (the first node's handle). */
  db: Database
  close(): Promise<void>
}

/**
 * Several api nodes in this process on one database cloned from the template: on PostgreSQL each
 * node has a pool of its own, as separate servers would; PGlite, being in-process, is one handle
 * for all. With REDIS_URL they share one key prefix of their own (deleted on close), so they count
 * limits and hear each other's invalidations as the nodes of one install do.
 */
export async function createTestNodes(count: number, env: Record<string, string> = {}): Promise<TestNodes> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-nodes-'))
  const { db, drop, url } = await openTestDatabase(inject('dbTemplate'))
  const redisPrefix = env.REDIS_URL ? randomRedisPrefix() : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REDIS_PREFIX: redisPrefix,
    CAPTCHA_ENABLED_REGISTER: 'false',
    ...env,
  })
  const handles = [db]
  for (let i = 1; i < count; i++)
    handles.push(url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : db)
  const nodes: FastifyInstance[] = []
  for (const handle of handles) {
    const app = await buildApp({ config, db: handle, logger: false })
    await app.ready()
    nodes.push(app)
  }
  return {
    nodes,
    db,
    async close() {
      const redis = nodes[0]?.redis
      if (redis && redisPrefix) await deleteRedisKeys(redis, redisPrefix)
      for (const app of nodes) await app.close()
      for (const handle of new Set(handles)) await handle.close()
      await drop?.()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Asks `read` again (every 20 ms) until `done` holds of its answer, for at most `withinMs`; the
 * answer that held, or the last one when time ran out. Nodes hear of a change asynchronously: a
 * test waits for it without sleeping a fixed time.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs: number,
): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  for (;;) {
    const value = await read()
    const ms = performance.now() - started
    if (done(value) || ms >= withinMs) return { value, ms }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
