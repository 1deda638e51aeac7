import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { migrate } from './db/migrate.ts'

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
