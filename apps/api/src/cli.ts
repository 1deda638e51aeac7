import pino from 'pino'
import { systemClock } from '@aurum/db'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { createServices, type Services } from './services.ts'

/** The validated configuration, or every bad variable listed and exit 78 (EX_CONFIG). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
}

/**
 * Runs a command-line tool against the configured database, migrated, and closes it after.
 * The embedded database opens in one process at a time: stop the server first.
 */
export async function withDatabase(fn: (db: Database, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfigOrExit()
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
  try {
    await migrate(db)
    await fn(db, config)
  } finally {
    await db.close()
  }
}

/** A command-line tool's services: createServices, logging warnings and errors to stderr. */
export function cliServices(db: Database, config: Config): Promise<Services> {
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }, pino.destination(2))
  return createServices({ config, db, clock: systemClock, log })
}

/**
 * Runs a command-line tool with the casino's services (the same the servers build), on the
 * configured database. Its changes reach the players through the event outbox, which the running
 * servers consume (an approval from here is pushed to the player's open pages).
 */
export async function withServices(fn: (services: Services, config: Config) => Promise<void>): Promise<void> {
  await withDatabase(async (db, config) => fn(await cliServices(db, config), config))
}
