import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { openTestDatabase } from '../test/database.ts'

/**
 * The app with a stand-in for the server-side rendering (which needs the built web app): like
 * plugins/ssr.ts it answers every other GET and builds the page's origin from the request's host.
 */
let app: FastifyInstance
let db: Database
let drop: (() => Promise<void>) | undefined
let dataDir: string
let port: number
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aurum-guard-test-'))
  ;({ db, drop } = await openTestDatabase(inject('dbTemplate')))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  app = await buildApp({ config, db, logger: false })
  const page = async (request: { protocol: string; host: string; url: string }) => ({
    page: new URL(request.url, `${request.protocol}://${request.host}`).href,
  })
  app.get('/*', { schema: { hide: true } }, page)
  app.get('/', { schema: { hide: true } }, page)
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await db.close()
  await drop?.()
  await fs.rm(dataDir, { recursive: true, force: true })
})

/** A request written byte for byte (a client can send what inject would tidy up). */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0), body })
    })
  })
}

describe('the Host header (finding 6)', () => {
  it('answers 400 for a request without Host (HTTP/1.0), on a page and on the api', async () => {
    expect((await raw('GET / HTTP/1.0\r\n\r\n')).status).toBe(400)
    const api = await raw('GET /api/info/project HTTP/1.0\r\nAccept-Language: de\r\n\r\n')
    expect(api.status).toBe(400)
    expect(JSON.parse(api.body)).toEqual({
      code: 'invalid_host',
      error: 'Die Anfrage enthält keinen gültigen Hostnamen.',
    })
  })

  it('answers 400 for a malformed host or a port out of range, never 500', async () => {
    for (const host of ['a b', '[::1', ':99999', 'localhost:99999', 'localhost:0', 'evil.com/x', '[::1]x']) {
      for (const url of ['/', '/lobby', '/api/info/project']) {
        const res = await app.inject({ url, headers: { host } })
        expect({ host, url, status: res.statusCode }).toEqual({ host, url, status: 400 })
      }
      const post = await app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        headers: { host },
        payload: {},
      })
      expect({ host, status: post.statusCode }).toEqual({ host, status: 400 })
    }
    // Over the wire as well.
    expect((await raw('GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')).status).toBe(400)
  })

  it('serves well-formed hosts as before', async () => {
    for (const host of ['localhost', 'localhost:3000', 'aurum.casino', '127.0.0.1:8080', '[::1]:3000']) {
      const res = await app.inject({ url: '/lobby', headers: { host } })
      expect({ host, status: res.statusCode }).toEqual({ host, status: 200 })
      expect((await app.inject({ url: '/api/info/project', headers: { host } })).statusCode).toBe(200)
    }
  })
})

describe('repeated slashes at the start of the path (finding 6)', () => {
  it('answers 404, never the page (which a browser would resolve against another host)', async () => {
    for (const url of ['//anything', '//evil.example/x', '///a', '//api/info/project']) {
      const res = await app.inject({ url })
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
      expect(res.headers.location).toBeUndefined()
      expect(res.json().code).toBe('not_found')
    }
    // A backslash is a slash to browsers; inject would encode it, the wire does not.
    const backslash = await raw(
      'GET /\\evil.example HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    )
    expect(backslash.status).toBe(404)
    expect((await app.inject({ url: '/anything' })).statusCode).toBe(200)
  })
})
