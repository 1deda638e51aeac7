import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CONTACT_MESSAGES_PER_WINDOW } from './modules/contact/routes.ts'
import { registerPlayer } from './test/helpers.ts'
import { createTestNodes, type TestNodes } from './test/nodes.ts'
import { testRedisUrls } from './test/redis.ts'

/**
 * Every limit of the api is a route limit of @fastify/rate-limit (counted in Redis with REDIS_URL)
 * or a count in the database (sign-in failures also in Redis, GDPR exports, captcha solutions,
 * documents waiting). The kinds of route limit besides those sign-in-limits.test.ts shows shared:
 * one counted only once the request is accepted (preHandler), and one per player.
 */
for (const url of testRedisUrls) {
  describe('route limits counted once for two nodes (Redis)', () => {
    let cluster: TestNodes
    let a: FastifyInstance
    let b: FastifyInstance
    beforeAll(async () => {
      cluster = await createTestNodes(2, { REDIS_URL: url })
      ;[a, b] = cluster.nodes as [FastifyInstance, FastifyInstance]
    })
    afterAll(() => cluster?.close())

    it('contact messages from one address, alternately to each node', async () => {
      const statuses: number[] = []
      for (let i = 0; i <= CONTACT_MESSAGES_PER_WINDOW; i++) {
        const res = await (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/send_contact_message',
          remoteAddress: '192.0.2.77',
          payload: { contact: { email: 'two-nodes@example.com', content: 'Where is my withdrawal?' } },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([...Array<number>(CONTACT_MESSAGES_PER_WINDOW).fill(201), 429])
    })

    it("a player's CSV exports (10 a minute per player, whatever the address), alternately to each node", async () => {
      const player = await registerPlayer(a)
      const statuses: number[] = []
      for (let i = 0; i <= 10; i++) {
        const res = await (i % 2 ? a : b).inject({
          url: '/api/player/games.csv',
          cookies: { sid: player.sid },
          remoteAddress: `198.51.100.${i + 1}`,
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429])
    })
  })
}
