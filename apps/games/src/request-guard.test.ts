import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type SqlDatabase } from '@aurum/db'
import { migrate } from '@aurum/db'
import { buildGamesApp } from './app.ts'
import { games } from './games.ts'
import { GAME_SERVER_MIGRATIONS } from './start.ts'
import { WalletClient } from './wallet-client.ts'

let db: SqlDatabase
let wallet: WalletClient
let server: FastifyInstance
const demoGame = () => [...games().values()].find((g) => g.definition.hasDemo)!.definition.identifier

beforeAll(async () => {
  db = await openDatabase({})
  await migrate(db, GAME_SERVER_MIGRATIONS)
  wallet = new WalletClient('http://127.0.0.1:9', 'w'.repeat(40))
  server = await buildGamesApp({
    db,
    wallet,
    casinoOrigins: ['https://casino.example'],
    trustProxy: true,
    tableSecret: 'test-table-secret',
  })
})
afterAll(async () => {
  await server?.close()
  wallet?.close()
  await db?.close()
})

describe('the game server and a bad Host or path (finding 6)', () => {
  const urls = () => ['/healthz', `/games/${demoGame()}/1?mode=demo`, '/verify', '/api/balance']

  it('answers 400 for a missing or malformed Host or X-Forwarded-Host, never 500', async () => {
    for (const headers of [
      { host: 'a b' },
      { host: '[::1' },
      { host: 'localhost:99999' },
      { host: ':99999' },
      { host: 'games.example', 'x-forwarded-host': 'a b' },
    ]) {
      for (const url of urls()) {
        const res = await server.inject({ url, headers })
        expect({ headers, url, status: res.statusCode }).toEqual({ headers, url, status: 400 })
        expect(res.json()).toEqual({ code: 'invalid_host' })
      }
    }
    // Without Host at all (HTTP/1.0; inject would add one), over the wire.
    const address = await server.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end('GET /healthz HTTP/1.0\r\n\r\n'))
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('error', reject)
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
  })

  it('serves well-formed hosts, and answers 404 to a path starting with two slashes', async () => {
    for (const host of ['localhost:3001', 'games.example', '[::1]:3001']) {
      expect((await server.inject({ url: '/healthz', headers: { host } })).statusCode).toBe(200)
    }
    for (const url of ['//healthz', '//evil.example/x']) {
      const res = await server.inject({ url })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
      expect(res.headers.location).toBeUndefined()
    }
  })
})
