import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openTestDatabase } from '../test/database.ts'
import type { Database } from './client.ts'

let db: Database
let drop: (() => Promise<void>) | undefined
beforeAll(async () => {
  ;({ db, drop } = await openTestDatabase(inject('dbTemplate')))
})
afterAll(async () => {
  await db.close()
  await drop?.()
})

const pids = async (n: number) => {
  const seen = new Set<number>()
  for (let i = 0; i < n; i++) {
    const [row] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, $1::int AS i', [i])
    seen.add(row!.pid)
  }
  return seen
}

describe('the database connections', () => {
  it('survive statements the server refuses: no new connection after an error', async () => {
    const before = await pids(20)
    for (let i = 0; i < 20; i++) {
      await expect(db.query('SELECT 1 / ($1::int - $1::int) AS x', [i])).rejects.toThrow(/division by zero/)
      // The next statement runs on a connection the pool already had.
      const [row] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, $1::int AS i', [i])
      expect(before).toContain(row!.pid)
    }
    expect([...(await pids(20))].every((pid) => before.has(pid))).toBe(true)
  })
})
