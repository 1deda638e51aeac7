import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionDrift, migrate, openDatabase, type SqlDatabase } from '@aurum/db'
import { GAME_SERVER_MIGRATIONS } from './start.ts'

let db: SqlDatabase
beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, GAME_SERVER_MIGRATIONS)
})
afterAll(() => db.close())

describe("the game server's database functions", () => {
  it('each have one current definition, in functions/, and it is the one applied', async () => {
    expect(await functionDrift(db, [GAME_SERVER_MIGRATIONS])).toEqual({
      withoutFile: [],
      inMigrations: [],
      notApplied: [],
    })
    expect(await migrate(db, GAME_SERVER_MIGRATIONS)).toEqual([])
  })
})
