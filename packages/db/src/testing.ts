import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import pg from 'pg'
import { openDatabase, type Database, type Schema } from './client.ts'

/** The migrated template a test run's global set-up made once, for every test file to clone. */
export type DbTemplate =
  { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string }

/**
 * A fresh database cloned from the migrated template (a PostgreSQL database made with it as
 * TEMPLATE, or the PGlite data dir loaded); `drop` removes a PostgreSQL one after it is closed.
 */
export async function openTestDatabase<S extends Schema = Schema>(
  template: DbTemplate,
  schema?: S,
): Promise<{ db: Database<S>; drop?: () => Promise<void>; url?: string }> {
  if (template.kind !== 'postgres') {
    const blob = new Blob([await fs.readFile(template.file)])
    return { db: await openDatabase({ loadDataDir: blob, schema }) }
  }
  const name = `aurum_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: template.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`)
  await admin.end()
  const url = new URL(template.url)
  url.pathname = `/${name}`
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, schema })
  // Dropped once the pool's connections have really gone (no FORCE: it would terminate them mid-close).
  const drop = async () => {
    const c = new pg.Client({ connectionString: template.url })
    await c.connect()
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`)
          return
        } catch (error) {
          // 55006: still being accessed by other users.
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error
          await new Promise((r) => setTimeout(r, 100))
        }
      }
    } finally {
      await c.end()
    }
  }
  return { db, drop, url: url.toString() }
}
