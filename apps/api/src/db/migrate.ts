import path from 'node:path'
import { jobsMigrations, migrate as migrateSet, type MigrationSet, type SqlDatabase } from '@aurum/db'

/** The casino's own migrations; the game server (apps/games) keeps its tables in a set of its own. */
export const CASINO_MIGRATIONS: MigrationSet = {
  dir: path.join(import.meta.dirname, 'migrations'),
  functions: path.join(import.meta.dirname, 'functions'),
  table: 'schema_migrations',
  lockKey: 72_011_001,
  // The job queue's table (packages/db/src/jobs.ts), created before the casino's own migrations.
  shared: jobsMigrations('jobs'),
}

/** Brings the casino's schema up to date. */
export const migrate = (db: SqlDatabase): Promise<string[]> => migrateSet(db, CASINO_MIGRATIONS)
