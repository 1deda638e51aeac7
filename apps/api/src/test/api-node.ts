/**
 * A second api node for tests, in a process of its own: the app (no SSR) on a database cloned
 * from the test template, listening on a free port of the loopback. It prints `{"address"}` once
 * it listens and shuts down cleanly on SIGTERM. Its configuration comes from the environment
 * (REDIS_URL, REDIS_PREFIX, SESSION_SECRET… as the test gives them); TEST_DB_TEMPLATE is the
 * template as JSON. With API_NODE_DATABASE_URL (PostgreSQL) or API_NODE_PGLITE_DIR (an embedded
 * data dir) it opens that database instead of a clone, and leaves it: a test that restarts a node
 * on the same database, as the crash test does.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { openTestDatabase, type DbTemplate } from './database.ts'

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-node-'))
const { API_NODE_DATABASE_URL: databaseUrl, API_NODE_PGLITE_DIR: pgliteDir } = process.env
const { db, drop } =
  databaseUrl || pgliteDir
    ? { db: await openDatabase({ databaseUrl, dataDir: pgliteDir, poolSize: 4 }), drop: undefined }
    : await openTestDatabase(JSON.parse(process.env.TEST_DB_TEMPLATE ?? '') as DbTemplate)
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CAPTCHA_ENABLED_REGISTER: 'false',
  ...process.env,
  DATA_DIR: dataDir,
})
const app = await buildApp({ config, db, logger: false })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`${JSON.stringify({ address })}\n`)

process.once('SIGTERM', () => {
  void (async () => {
    await app.close()
    await db.close()
    await drop?.()
    await fs.rm(dataDir, { recursive: true, force: true })
    process.exit(0)
  })()
})
