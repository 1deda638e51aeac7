import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { seed } from '../db/seed/index.ts'

/**
 * The template of this run: its own name, so that runs side by side (a developer's and CI's, with
 * other migrations) never clone each other's.
 */
const templateName = () => `aurum_test_template_${process.pid}`

/**
 * Builds one migrated and seeded database that every test file clones: a dumped PGlite
 * data dir, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = templateName()
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${template}`)
    await admin.end()
    const templateUrl = new URL(url)
    templateUrl.pathname = `/${template}`
    const db = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 })
    await migrate(db)
    await seed(db)
    await db.close()
    project.provide('dbTemplate', { kind: 'postgres', url, template })
    return async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await c.end()
    }
  }
  const db = await openDatabase({})
  await migrate(db)
  await seed(db)
  const dump = await db.dump!()
  await db.close()
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-template-'))
  const file = path.join(dir, 'template.tar.gz')
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('dbTemplate', { kind: 'pglite', file })
  return async () => fs.rm(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string }
  }
}
