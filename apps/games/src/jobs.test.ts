import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate, openDatabase, type SqlDatabase } from '@aurum/db'
import { buildGamesApp } from './app.ts'
import { GAME_SERVER_MIGRATIONS } from './start.ts'
import { WalletClient } from './wallet-client.ts'

/** The nodes' clock, moved by the test. */
let t = Date.parse('2026-01-01T00:00:01Z')
const now = () => t

/** Two game server nodes on one database: on PostgreSQL each with its own pool. */
const dbs: SqlDatabase[] = []
let dropDatabase: (() => Promise<void>) | undefined
let wallet: WalletClient
let nodes: FastifyInstance[] = []

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const name = `aurum_gs_jobs_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const own = new URL(url)
    own.pathname = `/${name}`
    for (let i = 0; i < 2; i++) dbs.push(await openDatabase({ databaseUrl: own.toString(), poolSize: 3 }))
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    }
  } else {
    const db = await openDatabase({})
    dbs.push(db, db)
  }
  await migrate(dbs[0]!, GAME_SERVER_MIGRATIONS)
  wallet = new WalletClient('http://127.0.0.1:9', 'w'.repeat(40))
  nodes = await Promise.all(
    dbs.map(async (db) => {
      const app = await buildGamesApp({
        db,
        wallet,
        casinoOrigins: ['http://localhost:3000'],
        tableSecret: 'test-table-secret',
        clock: { now: () => new Date(now()) },
        jobsPollMs: 0,
      })
      await app.ready()
      return app
    }),
  )
})
afterAll(async () => {
  for (const app of nodes) await app.close()
  wallet?.close()
  for (const db of new Set(dbs)) await db.close()
  await dropDatabase?.()
})

describe("the game server's scheduled work", () => {
  it('settles on one node per slot: every 5 s the settler, every 2 s the live tables', async () => {
    const settles = nodes.map((app) => vi.spyOn(app.rounds, 'settle'))
    const settled = () => settles.reduce((n, s) => n + s.mock.calls.length, 0)
    // 00:00:01 to 00:00:09, both nodes looking each second.
    for (let i = 0; i < 9; i++) {
      await Promise.all(nodes.map((app) => app.jobs.runDue()))
      t += 1_000
    }
    expect(settled()).toBe(2)
    const rows = await dbs[0]!.query<{ name: string; key: string; state: string; attempts: number }>(
      'SELECT name, key, state, attempts FROM gs_jobs ORDER BY name, key',
    )
    const slots = (name: string) => rows.filter((r) => r.name === name).map((r) => r.key.slice(17, 19))
    expect(slots('rounds.settle')).toEqual(['00', '05'])
    expect(slots('live.settle')).toEqual(['00', '02', '04', '06', '08'])
    expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true)
  })
})
