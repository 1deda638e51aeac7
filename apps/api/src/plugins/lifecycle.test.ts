import http from 'node:http'
import type { AddressInfo } from 'node:net'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import lifecycle from './lifecycle.ts'

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

/**
 * An app with the drain, listening on a free port: /slow answers once `release()` is called,
 * /fast at once, /ws is a websocket that answers every message.
 */
async function slowApp() {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let started!: () => void
  const arrived = new Promise<void>((resolve) => (started = resolve))
  app = Fastify()
  await app.register(lifecycle)
  app.get('/slow', async () => {
    started()
    await released
    return { done: true }
  })
  app.get('/fast', async () => ({ done: true }))
  await app.register(websocket)
  app.get('/ws', { websocket: true }, (socket) => {
    socket.on('message', () => socket.send('pong'))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return { app, port, release, arrived }
}

function get(port: number, path: string) {
  const req = http.get({ host: '127.0.0.1', port, path })
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        )
      })
      req.on('error', reject)
    },
  )
  return { req, answer }
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))])

describe('draining (lifecycle)', () => {
  it('waits for a request in flight, which is answered with Connection: close', async () => {
    const { app, port, release, arrived } = await slowApp()
    const slow = get(port, '/slow')
    await arrived
    const drained = app.drain(5_000)
    expect(await settledWithin(drained, 300)).toBe(false)
    release()
    expect(await slow.answer).toMatchObject({ status: 200, connection: 'close', body: '{"done":true}' })
    expect(await settledWithin(drained, 1_000)).toBe(true)
  })

  it('stops waiting for a request whose client hung up', async () => {
    const { app, port, release, arrived } = await slowApp()
    const slow = get(port, '/slow')
    slow.answer.catch(() => undefined)
    await arrived
    slow.req.destroy()
    const started = Date.now()
    await app.drain(5_000)
    expect(Date.now() - started).toBeLessThan(2_000)
    release()
  })

  it('keeps no finished request, answered over HTTP or injected', async () => {
    const { app, port } = await slowApp()
    expect((await get(port, '/fast').answer).status).toBe(200)
    expect((await app.inject({ url: '/fast' })).statusCode).toBe(200)
    const started = Date.now()
    await app.drain(5_000)
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('does not wait for an open websocket, which the hub closes with the app', async () => {
    const { app, port } = await slowApp()
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    ws.send('ping')
    await new Promise((resolve) => ws.once('message', resolve))
    const started = Date.now()
    await app.drain(5_000)
    expect(Date.now() - started).toBeLessThan(1_000)
    ws.close()
  })
})
