import fs from 'node:fs/promises'
import path from 'node:path'
import type { SqlDatabase } from './client.ts'

/** One app's numbered migrations: the casino and the game server each keep their own set. */
export interface MigrationSet {
  /** Folder of `NNN_name.sql` files. */
  dir: string
  /** Table that records the applied versions. */
  table: string
  /** Advisory lock taken while migrating (nodes starting together migrate one at a time). */
  lockKey: number
}

/** Applies numbered SQL migrations (`NNN_name.sql`) in order, each once, each in its own transaction. */
export async function migrate(db: SqlDatabase, set: MigrationSet): Promise<string[]> {
  if (!/^[a-z_]+$/.test(set.table)) throw new Error(`bad migrations table name ${set.table}`)
  return db.withLock(set.lockKey, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS ${set.table} (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await conn.query<{ version: string }>(`SELECT version FROM ${set.table}`)).map((r) => r.version),
    )
    const files = (await fs.readdir(set.dir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort()
    const applied: string[] = []
    for (const file of files) {
      const version = file.replace(/\.sql$/, '')
      if (done.has(version)) continue
      const sql = await fs.readFile(path.join(set.dir, file), 'utf8')
      const quoted = version.replace(/'/g, "''")
      try {
        await conn.exec(`BEGIN;\n${sql}\nINSERT INTO ${set.table} (version) VALUES ('${quoted}');\nCOMMIT;`)
      } catch (error) {
        await conn.exec('ROLLBACK').catch(() => undefined)
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error })
      }
      applied.push(version)
    }
    return applied
  })
}
