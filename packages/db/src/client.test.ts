import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqlDatabase } from './client.ts'

const backends: Array<[string, () => Promise<SqlDatabase>]> = [['PGlite', () => openDatabase({})]]
const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl) backends.push(['PostgreSQL', () => openDatabase({ databaseUrl: pgUrl, poolSize: 2 })])

describe.each(backends)('transactions on %s', (_name, open) => {
  let db: SqlDatabase
  beforeAll(async () => {
    db = await open()
  })
  afterAll(() => db.close())

  const setting = async (tx: Pick<SqlDatabase, 'query'>) =>
    (await tx.query<{ s: string }>(`SELECT current_setting('synchronous_commit') AS s`))[0]!.s

  it('commit asynchronously only when asked, and only that transaction', async () => {
    const before = await setting(db)
    expect(before).not.toBe('off')
    expect(await db.transaction((tx) => setting(tx), { synchronousCommit: false })).toBe('off')
    expect(await db.transaction((tx) => setting(tx))).toBe(before)
    expect(await setting(db)).toBe(before)
  })

  it('commit what an asynchronous transaction wrote, and undo it when it throws', async () => {
    const table = `t_async_${process.pid}_${Date.now()}`
    await db.exec(`CREATE TABLE ${table} (n int)`)
    try {
      await db.transaction((tx) => tx.query(`INSERT INTO ${table} VALUES (1)`), { synchronousCommit: false })
      await expect(
        db.transaction(
          async (tx) => {
            await tx.query(`INSERT INTO ${table} VALUES (2)`)
            throw new Error('undo')
          },
          { synchronousCommit: false },
        ),
      ).rejects.toThrow('undo')
      expect(await db.query(`SELECT n FROM ${table}`)).toEqual([{ n: 1 }])
    } finally {
      await db.exec(`DROP TABLE ${table}`)
    }
  })
})
