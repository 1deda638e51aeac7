import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { createTestApp, registerPlayer, signIn, type TestContext } from '../../test/helpers.ts'
import { cardFields, client } from '../payments/testing.ts'

describe('the test clock (TEST_CLOCK)', () => {
  let moved: TestContext
  let plain: TestContext
  beforeAll(async () => {
    ;[moved, plain] = await Promise.all([createTestApp({ TEST_CLOCK: 'true' }), createTestApp()])
  })
  afterAll(async () => {
    await Promise.all([moved?.close(), plain?.close()])
  })

  const advance = (ctx: TestContext, ms: number) =>
    ctx.app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: ms } })

  it("moves the limits' time: a confirmed raise takes effect once the clock has passed its delay", async () => {
    const player = await registerPlayer(moved.app, { currency: 'EUR' })
    // Sessions run on the same clock: a day later the player signs in again.
    let sid = player.sid
    const limits = {
      post: (url: string, body: unknown) => client(moved, sid).post(url, body),
      get: (url: string) => client(moved, sid).get(url),
    }
    const daily = (amount: number) => ({
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: amount }],
    })
    await limits.post('/api/user_limits', daily(4_000))
    await limits.post('/api/user_limits', daily(10_000))
    const [mail] = await moved.db.query<{ text_body: string }>(
      `SELECT text_body FROM email_outbox WHERE to_address = $1 AND template = 'limit_confirmation'`,
      [player.email],
    )
    const token = /confirm\?token=([\w-]+)/.exec(mail!.text_body)![1]!
    await moved.app.inject({ method: 'POST', url: '/api/user_limits/confirm', payload: { token } })
    const amount = async () =>
      (await limits.get('/api/user_limits')).json<Array<{ accounts: Array<{ amount_cents: number }> }>>()[0]!
        .accounts[0]!.amount_cents
    const deposit = () =>
      client(moved, sid).submit({ amount_cents: 5_000, fields: cardFields(), currency: 'EUR' })
    expect(await amount()).toBe(4_000)
    expect((await deposit()).statusCode).toBe(422)

    const before = Date.now()
    const answer = await advance(moved, 23 * 3_600_000)
    expect(answer.statusCode).toBe(200)
    expect(new Date(answer.json<{ now: string }>().now).getTime()).toBeGreaterThanOrEqual(
      before + 23 * 3_600_000,
    )
    sid = await signIn(moved.app, player.email)
    expect(await amount()).toBe(4_000)
    await advance(moved, 3_600_000)
    sid = await signIn(moved.app, player.email)
    expect(await amount()).toBe(10_000)
    expect((await deposit()).json().payment.state).toBe('succeeded')
    // Only forward.
    expect((await advance(moved, -1)).statusCode).toBe(422)
  })

  it('is not served without the switch, and the switch is refused in production', async () => {
    expect((await advance(plain, 1_000)).statusCode).toBe(404)
    const base = { DATA_DIR: os.tmpdir(), SESSION_SECRET: 's'.repeat(40), WALLET_SECRET: 'w'.repeat(40) }
    expect(loadConfig({ ...base, NODE_ENV: 'test', TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true)
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://casino.example',
        TEST_CLOCK: 'true',
      }),
    ).toThrow(/TEST_CLOCK: a test-only clock switch/)
  })
})
