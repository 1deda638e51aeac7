import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { functionDrift } from '@aurum/db'
import { openTestDatabase } from '../test/database.ts'
import type { Database } from './client.ts'
import { CASINO_MIGRATIONS, migrate } from './migrate.ts'

let db: Database
let drop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase(inject('dbTemplate')))
})
afterAll(async () => {
  await db.close()
  await drop?.()
})

describe("the casino's database functions", () => {
  it('each have one current definition, in functions/, and it is the one applied', async () => {
    expect(await functionDrift(db, [CASINO_MIGRATIONS])).toEqual({
      withoutFile: [],
      inMigrations: [],
      notApplied: [],
    })
    // Up to date: migrating again applies nothing.
    expect(await migrate(db)).toEqual([])
  })
})
