import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqlDatabase } from '@aurum/db'
import { migrate } from '@aurum/db'
import { buildGamesApp } from './app.ts'
import { games } from './games.ts'
import { casinoOriginsFrom } from './origins.ts'
import { GAME_SERVER_MIGRATIONS } from './start.ts'
import { WalletClient } from './wallet-client.ts'

let db: SqlDatabase
let wallet: WalletClient
let server: FastifyInstance
const CASINO = ['https://casino.example', 'https://aurum.de']
const demoGame = () => [...games().values()].find((g) => g.definition.hasDemo)!.definition.identifier

beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, GAME_SERVER_MIGRATIONS)
  wallet = new WalletClient('http://127.0.0.1:9', 'w'.repeat(40))
  server = await buildGamesApp({
    db,
    wallet,
    casinoOrigins: CASINO,
    trustProxy: true,
    tableSecret: 'test-table-secret',
  })
})
afterAll(async () => {
  await server?.close()
  wallet?.close()
  await db?.close()
})

/** A game page's address (the client bundle may not be built here: the headers are the same on every answer). */
const page = (headers: Record<string, string> = {}) =>
  server.inject({ url: `/games/${demoGame()}/1?mode=demo`, headers })

describe('the game server’s headers', () => {
  it('lets only the casino’s origins frame the game pages, never any site', async () => {
    for (const res of [await page(), await server.inject('/healthz')]) {
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toMatch(/frame-ancestors https:\/\/casino\.example https:\/\/aurum\.de$/)
      expect(csp).not.toContain('*')
    }
  })

  it('refuses to start with a wildcard or anything but an origin as the casino’s', async () => {
    for (const casinoOrigins of [
      ['*'],
      [],
      ['https://casino.example/path'],
      ['casino.example'],
      ['https://*.example'],
    ]) {
      await expect(
        buildGamesApp({ db, wallet, casinoOrigins, tableSecret: 'test-table-secret' }),
      ).rejects.toThrow(/casino origin/)
    }
  })

  it('sends Strict-Transport-Security over TLS only', async () => {
    expect((await page({ 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
    expect((await page()).headers['strict-transport-security']).toBeUndefined()
    const untrusting = await buildGamesApp({
      db,
      wallet,
      casinoOrigins: CASINO,
      tableSecret: 'test-table-secret',
    })
    try {
      const forged = await untrusting.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } })
      expect(forged.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await untrusting.close()
    }
  })

  it('takes the casino’s origins from CASINO_ORIGIN, else from CASINO_URL, never a wildcard', () => {
    expect(casinoOriginsFrom('https://casino.example, https://aurum.de/', 'http://10.0.0.5:3000')).toEqual(
      CASINO,
    )
    expect(casinoOriginsFrom(undefined, 'http://127.0.0.1:3000/')).toEqual(['http://127.0.0.1:3000'])
    expect(() => casinoOriginsFrom('*', 'http://127.0.0.1:3000')).toThrow(/casino origin/)
  })
})
