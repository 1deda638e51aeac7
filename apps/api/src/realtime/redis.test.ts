import { spawn, type ChildProcess } from 'node:child_process'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Centrifuge, type PublicationContext } from 'centrifuge'
import WebSocket from 'ws'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import { deleteRedisKeys, randomRedisPrefix, testRedisUrls } from '../test/redis.ts'
import { fund } from '../modules/payments/testing.ts'

const SECRET = 'realtime-redis-test-session-secret-0123456789'

/** Starts apps/api/src/test/api-node.ts as another process and answers its address. */
async function startNode(env: Record<string, string>): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/test/api-node.ts'], {
    env: { ...process.env, ...env, TEST_DB_TEMPLATE: JSON.stringify(inject('dbTemplate')) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = readline.createInterface({ input: child.stdout })
  const address = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the second node exited (${code})`)))
    lines.on('line', (line) => {
      try {
        resolve((JSON.parse(line) as { address: string }).address)
      } catch {
        // not the address line
      }
    })
  })
  return { child, address }
}

for (const url of testRedisUrls) {
  describe('two api processes sharing Redis', () => {
    const prefix = randomRedisPrefix()
    const env = { REDIS_URL: url, REDIS_PREFIX: prefix, SESSION_SECRET: SECRET }
    let a: TestContext
    let b: { child: ChildProcess; address: string }
    beforeAll(async () => {
      ;[a, b] = await Promise.all([createTestApp(env), startNode(env)])
    }, 60_000)
    afterAll(async () => {
      if (b) {
        const exited = new Promise((resolve) => b.child.once('exit', resolve))
        b.child.kill('SIGTERM')
        await exited
      }
      if (a) {
        await deleteRedisKeys(a.app.redis!, prefix)
        await a.close()
      }
    })

    it('delivers a deposit made on one node to the player connected to the other, and recovers there', async () => {
      // The player signs in on node A (sessions are in Redis: node B knows the sign-in).
      const player = await registerPlayer(a.app, { currency: 'EUR' })
      const settings = (
        await a.app.inject({ url: '/api/player/settings', cookies: { sid: player.sid } })
      ).json<{
        cent: { token: string }
      }>()
      const client = new Centrifuge(`${b.address.replace('http', 'ws')}/sock`, {
        websocket: WebSocket,
        token: settings.cent.token,
        minReconnectDelay: 50,
        maxReconnectDelay: 200,
      })
      const channel = `balance#${player.id}`
      const received: unknown[] = []
      const sub = client.newSubscription(channel, {
        // The channel is signed by node A, used on node B: the key is the install's, not a node's.
        getToken: async () =>
          (
            await a.app.inject({
              method: 'POST',
              url: '/api/realtime/auth',
              cookies: { sid: player.sid },
              payload: { client: 'web', channels: [channel] },
            })
          ).json<Record<string, { sign: string }>>()[channel]!.sign,
      })
      sub.on('publication', (p: PublicationContext) => received.push(p.data))
      const subscribed = new Promise((resolve) => sub.once('subscribed', resolve))
      sub.subscribe()
      client.connect()
      await subscribed

      const started = Date.now()
      await fund(a, player.sid, 3_300)
      while (received.length === 0 && Date.now() - started < 5_000)
        await new Promise((r) => setTimeout(r, 10))
      expect(received).toEqual([expect.objectContaining({ currency: 'EUR', amount_cents: 3_300 })])

      // Missed while away, recovered from the Redis stream through node B.
      client.disconnect()
      await fund(a, player.sid, 1_700)
      const again = new Promise<{ recovered: boolean }>((resolve) => sub.once('subscribed', resolve))
      client.connect()
      expect(await again).toMatchObject({ recovered: true })
      while (received.length < 2 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 10))
      expect(received[1]).toMatchObject({ amount_cents: 5_000 })

      // Signing out on node A closes the connection on node B.
      const closed = new Promise<{ code: number }>((resolve) => client.once('disconnected', resolve))
      await a.app.inject({ method: 'DELETE', url: '/api/users/sign_out', cookies: { sid: player.sid } })
      expect(await closed).toMatchObject({ code: 3503 })
    })
  })
}
