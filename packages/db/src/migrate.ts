import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Executor, SqlDatabase } from './client.ts'

/**
 * One app's schema: the casino and the game server each keep their own set. Migrations are
 * numbered schema changes applied once each; database functions are one file each (their current
 * definition), applied again whenever their text changes, so a reader finds the live body of a
 * function in one place.
 */
export interface MigrationSet {
  /** Folder of `NNN_name.sql` files. */
  dir: string
  /** Table that records the applied versions (and, in `<table>_functions`, the functions' checksums). */
  table: string
  /** Advisory lock taken while migrating (nodes starting together migrate one at a time). */
  lockKey: number
  /**
   * Folder of `<function>.sql` files, each a `CREATE OR REPLACE FUNCTION`. A line `-- after: NNN_name`
   * names the migration whose schema the function needs when it is created: on a new database it
   * is created right after that migration (before the migrations that follow, which may use it in
   * a trigger), without one before the first migration.
   */
  functions?: string
  /**
   * Migrations a package owns (the job queue's table: `jobsMigrations` of jobs.ts), applied before
   * the set's own files, each once, recorded under its version in the same table. The SQL lives
   * with the code that uses it, once, whichever apps keep such a table.
   */
  shared?: SharedMigration[]
}

/** One migration of a package: a version unique in the set (`<table>:NNN_name`) and its SQL. */
export interface SharedMigration {
  version: string
  sql: string
}

interface FunctionFile {
  name: string
  sql: string
  checksum: string
  after?: string
}

const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/
const FUNCTION_FILE = /^[a-z_][a-z0-9_]*\.sql$/

/** The function files of `dir`; with `versions`, each `after` must name one of them. */
async function readFunctions(dir: string, versions: Set<string> | null): Promise<FunctionFile[]> {
  const files = (await fs.readdir(dir)).filter((f) => FUNCTION_FILE.test(f)).sort()
  return Promise.all(
    files.map(async (file) => {
      const sql = await fs.readFile(path.join(dir, file), 'utf8')
      const after = /^-- after: (\S+)\s*$/m.exec(sql)?.[1]
      if (after !== undefined && versions && !versions.has(after))
        throw new Error(`Function ${file} is to follow migration ${after}, which does not exist`)
      const checksum = crypto.createHash('sha256').update(sql).digest('hex')
      return { name: file.replace(/\.sql$/, ''), sql, checksum, after }
    }),
  )
}

/** Runs `sql` in a transaction of its own with the statement that records it. */
async function applyScript(conn: Executor, what: string, sql: string, record: string): Promise<void> {
  try {
    await conn.exec(`BEGIN;\n${sql}\n;${record};\nCOMMIT;`)
  } catch (error) {
    await conn.exec('ROLLBACK').catch(() => undefined)
    throw new Error(`${what} failed: ${(error as Error).message}`, { cause: error })
  }
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`

/**
 * Brings a set up to date: numbered SQL migrations (`NNN_name.sql`) in order, each once, each in its
 * own transaction; database functions whose file changed (or is new), each in its own transaction,
 * once the migration they follow is applied. Packages' migrations (`shared`) come first. Answers what it applied (`function:<name>` for functions).
 */
export async function migrate(db: SqlDatabase, set: MigrationSet): Promise<string[]> {
  if (!/^[a-z_]+$/.test(set.table)) throw new Error(`bad migrations table name ${set.table}`)
  const functionsTable = `${set.table}_functions`
  return db.withLock(set.lockKey, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS ${set.table} (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    await conn.exec(`CREATE TABLE IF NOT EXISTS ${functionsTable} (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await conn.query<{ version: string }>(`SELECT version FROM ${set.table}`)).map((r) => r.version),
    )
    const files = (await fs.readdir(set.dir)).filter((f) => MIGRATION_FILE.test(f)).sort()
    const versions = new Set(files.map((f) => f.replace(/\.sql$/, '')))
    const current = new Map(
      (
        await conn.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM ${functionsTable}`)
      ).map((r) => [r.name, r.checksum]),
    )
    const pending = set.functions
      ? (await readFunctions(set.functions, versions)).filter((f) => current.get(f.name) !== f.checksum)
      : []
    const applied: string[] = []
    for (const shared of set.shared ?? []) {
      if (done.has(shared.version)) continue
      await applyScript(
        conn,
        `Migration ${shared.version}`,
        shared.sql,
        `INSERT INTO ${set.table} (version) VALUES (${quote(shared.version)})`,
      )
      done.add(shared.version)
      applied.push(shared.version)
    }
    // The pending functions whose migration is in (all of them once every migration is).
    const applyFunctions = async (all: boolean) => {
      for (const fn of [...pending]) {
        if (!all && fn.after !== undefined && !done.has(fn.after)) continue
        await applyScript(
          conn,
          `Function ${fn.name}`,
          fn.sql,
          `INSERT INTO ${functionsTable} (name, checksum) VALUES (${quote(fn.name)}, ${quote(fn.checksum)})
           ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        )
        pending.splice(pending.indexOf(fn), 1)
        applied.push(`function:${fn.name}`)
      }
    }
    for (const file of files) {
      const version = file.replace(/\.sql$/, '')
      if (done.has(version)) continue
      await applyFunctions(false)
      const sql = await fs.readFile(path.join(set.dir, file), 'utf8')
      await applyScript(
        conn,
        `Migration ${file}`,
        sql,
        `INSERT INTO ${set.table} (version) VALUES (${quote(version)})`,
      )
      done.add(version)
      applied.push(version)
    }
    await applyFunctions(true)
    return applied
  })
}

/**
 * What differs between a migrated database and its sets' function files: functions of the public
 * schema that no file defines, migrations that define a function, and files whose text is not the
 * one applied. All empty for sets kept by the rule and a database `migrate` brought up to date.
 */
export async function functionDrift(
  db: SqlDatabase,
  sets: MigrationSet[],
): Promise<{ withoutFile: string[]; inMigrations: string[]; notApplied: string[] }> {
  const inDatabase = await db.query<{ name: string }>(
    `SELECT DISTINCT p.proname AS name FROM pg_proc p
     JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND NOT EXISTS (
       SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e'
     )`,
  )
  const files = new Map<string, string>()
  const notApplied: string[] = []
  const inMigrations: string[] = []
  for (const set of sets) {
    for (const file of (await fs.readdir(set.dir)).filter((f) => MIGRATION_FILE.test(f)).sort()) {
      const sql = await fs.readFile(path.join(set.dir, file), 'utf8')
      if (/^\s*CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/im.test(sql)) inMigrations.push(file)
    }
    if (!set.functions) continue
    const applied = new Map(
      (
        await db.query<{ name: string; checksum: string }>(
          `SELECT name, checksum FROM ${set.table}_functions`,
        )
      ).map((r) => [r.name, r.checksum]),
    )
    for (const fn of await readFunctions(set.functions, null)) {
      files.set(fn.name, fn.checksum)
      if (applied.get(fn.name) !== fn.checksum) notApplied.push(fn.name)
    }
  }
  return {
    withoutFile: inDatabase
      .map((r) => r.name)
      .filter((n) => !files.has(n))
      .sort(),
    inMigrations,
    notApplied,
  }
}
