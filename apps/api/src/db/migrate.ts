import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from './client.ts'

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations')
const LOCK_KEY = 72_011_001

/** Applies numbered SQL migrations (`NNN_name.sql`) in order, each once, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  return db.withLock(LOCK_KEY, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set(
      (await conn.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    )
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort()
    const applied: string[] = []
    for (const file of files) {
      const version = file.replace(/\.sql$/, '')
      if (done.has(version)) continue
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8')
      const quoted = version.replace(/'/g, "''")
      try {
        await conn.exec(
          `BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${quoted}');\nCOMMIT;`,
        )
      } catch (error) {
        await conn.exec('ROLLBACK').catch(() => undefined)
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error })
      }
      applied.push(version)
    }
    return applied
  })
}
