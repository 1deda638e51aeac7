import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { count } from './test/helpers.ts'
import { openTestDatabase } from './test/database.ts'

/**
 * The nodes' shared clock, moved by the test. It starts ten minutes into an hour, so the few
 * minutes the test moves it stay in one slot of the hourly job (from the real time, a run in the
 * last minutes of an hour saw two slots).
 */
const HOUR = 3_600_000
let t = Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000
const clock = { now: () => new Date(t) }

/** Two casino nodes on one database: on PostgreSQL each with its own pool, embedded on the one database. */
let db: Database
let other: Database
let drop: (() => Promise<void>) | undefined
let nodes: FastifyInstance[] = []
const dirs: string[] = []

beforeAll(async () => {
  const clone = await openTestDatabase(inject('dbTemplate'))
  db = clone.db
  drop = clone.drop
  other = clone.url ? await openDatabase({ databaseUrl: clone.url, poolSize: 4 }) : db
  nodes = await Promise.all(
    [db, other].map(async (nodeDb) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-jobs-'))
      dirs.push(dir)
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        CAPTCHA_ENABLED_REGISTER: 'false',
        JOBS_POLL_MS: '0',
      })
      const app = await buildApp({ config, db: nodeDb, logger: false, clock })
      await app.ready()
      return app
    }),
  )
})
afterAll(async () => {
  for (const app of nodes) await app.close()
  if (other !== db) await other.close()
  await db.close()
  await drop?.()
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true })
})

describe('scheduled jobs with two nodes', () => {
  it('runs each scheduled job once per slot, on one of the nodes, and its work is done', async () => {
    const prunes = nodes.map((app) => vi.spyOn(app.services.telemetry, 'prune'))
    const expiries = nodes.map((app) => vi.spyOn(app.services.payments, 'expireAbandoned'))
    const calls = (spies: Array<{ mock: { calls: unknown[] } }>) =>
      spies.reduce((n, s) => n + s.mock.calls.length, 0)
    // A client record, then the retention period passes.
    const res = await nodes[0]!.inject({
      method: 'PUT',
      url: '/log',
      payload: {
        label: 'LOAD_PLAYER_ERROR',
        level_name: 'ERROR',
        datetime: '2026-11-21T10:00:00.000Z',
        type: 'client',
        message: 'HTTP 500: Internal Server Error',
      },
    })
    expect(res.statusCode).toBe(204)
    const records = await count(db, 'client_events')
    t += 31 * 86_400_000
    // Both nodes look for due jobs at the same time, again and again, within the hour.
    for (let i = 0; i < 3; i++) {
      await Promise.all(nodes.flatMap((app) => [app.jobs.runDue(), app.jobs.runDue()]))
      t += 60_000
    }
    // The hourly retention ran once in all; the payments' minute job once per minute.
    expect(calls(prunes)).toBe(1)
    expect(calls(expiries)).toBe(3)
    expect(await count(db, 'client_events')).toBe(records - 1)
    const rows = await db.query<{ name: string; state: string; attempts: number }>(
      `SELECT name, state, attempts FROM jobs WHERE name IN ('telemetry.prune', 'payments.expire_abandoned') ORDER BY id`,
    )
    expect(rows.map((r) => [r.name, r.state, r.attempts])).toEqual([
      ['telemetry.prune', 'done', 1],
      ['payments.expire_abandoned', 'done', 1],
      ['payments.expire_abandoned', 'done', 1],
      ['payments.expire_abandoned', 'done', 1],
    ])
    // The next hour's slot runs once again.
    t += HOUR
    await Promise.all(nodes.map((app) => app.jobs.runDue()))
    expect(calls(prunes)).toBe(2)
  })
})
