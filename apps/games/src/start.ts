import crypto from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openDatabase, type Clock, type SqlDatabase } from '@aurum/db'
import { jobsMigrations, migrate, type MigrationSet } from '@aurum/db'
import { buildGamesApp } from './app.ts'
import { GAME_SERVER_JOBS_TABLE } from './jobs.ts'
import { WalletClient } from './wallet-client.ts'
import { roundDetailsKey } from '@aurum/game-protocol/round-details'

/** The game server's migrations: its own tables, recorded apart from the casino's. */
export const GAME_SERVER_MIGRATIONS: MigrationSet = {
  dir: path.join(import.meta.dirname, 'migrations'),
  functions: path.join(import.meta.dirname, 'functions'),
  table: 'gs_schema_migrations',
  lockKey: 72_011_002,
  // The job queue's table, gs_jobs (packages/db/src/jobs.ts), before the game server's own migrations.
  shared: jobsMigrations(GAME_SERVER_JOBS_TABLE),
}

export interface GameServerSettings {
  port: number
  host: string
  /** Its own embedded database lives here unless `databaseUrl` is given. */
  dataDir: string
  databaseUrl?: string
  /** PostgreSQL connections kept open (default 10). */
  poolSize?: number
  /** Where the casino's wallet answers. */
  casinoUrl: string
  /** The casino's origins, the only pages allowed to frame the game pages (never `*`). */
  casinoOrigins: readonly string[]
  /** Behind a proxy that ends TLS: believe its X-Forwarded-Proto (HSTS over TLS). */
  trustProxy?: boolean
  walletSecret: string
  /** A blackjack round with no action for this long is finished by the server (default 10 min). */
  openRoundLimitMs?: number
  logger?: boolean | object
  /** The one clock of its rules (the system's unless a test gives its own). */
  clock?: Clock
}

/** Opens the game server's database, migrates it and listens. */
export async function startGameServer(
  settings: GameServerSettings,
): Promise<{ app: FastifyInstance; db: SqlDatabase; close(): Promise<void> }> {
  const db = await openDatabase({
    databaseUrl: settings.databaseUrl,
    poolSize: settings.poolSize,
    dataDir: path.join(settings.dataDir, 'games'),
  })
  await migrate(db, GAME_SERVER_MIGRATIONS)
  const wallet = new WalletClient(settings.casinoUrl, settings.walletSecret)
  const app = await buildGamesApp({
    db,
    wallet,
    casinoOrigins: settings.casinoOrigins,
    trustProxy: settings.trustProxy,
    tableSecret: crypto.createHmac('sha256', settings.walletSecret).update('aurum/live-tables').digest('hex'),
    logger: settings.logger,
    roundDetailsKey: roundDetailsKey(settings.walletSecret),
    rounds:
      settings.openRoundLimitMs === undefined ? undefined : { openRoundLimitMs: settings.openRoundLimitMs },
    clock: settings.clock,
  })
  await app.listen({ port: settings.port, host: settings.host })
  return {
    app,
    db,
    async close() {
      await app.close()
      wallet.close()
      await db.close()
    },
  }
}
