import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, createTestApp, type TestContext } from '../../test/helpers.ts'
import { testRedisUrls } from '../../test/redis.ts'
import { CONTACT_MESSAGES_PER_WINDOW } from './routes.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

describe('POST /api/send_contact_message', () => {
  it('stores the message with the request language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      headers: { 'accept-language': 'de' },
      payload: { contact: { email: 'player@example.com', content: 'My withdrawal is still pending.' } },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'received' })
    const [row] = await ctx.db.query<{ email: string; locale: string; emailed_at: Date | null }>(
      'SELECT email, locale, emailed_at FROM contact_messages ORDER BY id DESC LIMIT 1',
    )
    // No SMTP server is configured in tests, so nothing was e-mailed.
    expect(row).toEqual({ email: 'player@example.com', locale: 'de', emailed_at: null })
  })

  it('answers 422 with errors per field and writes nothing', async () => {
    const before = await count(ctx.db, 'contact_messages')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      payload: { contact: { email: 'not-an-email', content: 'short' } },
    })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['content', 'email'])
    expect(await count(ctx.db, 'contact_messages')).toBe(before)
  })

  it('answers 400 for a malformed body and writes nothing', async () => {
    const before = await count(ctx.db, 'contact_messages')
    for (const payload of [
      '{"contact":',
      JSON.stringify({ contact: 'hello' }),
      JSON.stringify({ contact: { email: 5, content: 'hello there' } }),
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/send_contact_message',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(res.statusCode, payload).toBe(400)
    }
    expect(await count(ctx.db, 'contact_messages')).toBe(before)
  })

  it('is rate limited per address', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/send_contact_message',
        remoteAddress: '192.0.2.44',
        payload: { contact: { email: 'flood@example.com', content: 'Hello, this is a test message.' } },
      })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await send()).statusCode)
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})

/** Where the allowance is counted: this node's memory, or Redis shared by the nodes. */
const stores: Array<[string, Record<string, string>]> = [
  ['memory', {}],
  ...testRedisUrls.map((url): [string, Record<string, string>] => ['Redis', { REDIS_URL: url }]),
]

describe.each(stores)('the contact allowance (%s)', (_name, env) => {
  let own: TestContext
  beforeAll(async () => {
    own = env.REDIS_URL ? await createTestApp(env) : ctx
  })
  afterAll(async () => {
    if (own !== ctx) await own.close()
  })

  it('counts only accepted messages: a refused one (422, 400) leaves the allowance whole', async () => {
    const remoteAddress = `192.0.2.${100 + Math.floor(Math.random() * 100)}`
    const send = (contact: unknown) =>
      own.app.inject({
        method: 'POST',
        url: '/api/send_contact_message',
        remoteAddress,
        payload: { contact },
      })
    for (const typo of [
      { email: 'player@example', content: 'My withdrawal is still pending.' },
      { email: 'player@example.com', content: 'short' },
      { email: 'player@example.com', content: 'x'.repeat(5_001) },
    ]) {
      expect((await send(typo)).statusCode).toBe(422)
    }
    expect((await send('hello')).statusCode).toBe(400)
    const good = { email: 'player@example.com', content: 'My withdrawal is still pending.' }
    for (let i = 0; i < CONTACT_MESSAGES_PER_WINDOW; i++) expect((await send(good)).statusCode).toBe(201)
    expect((await send(good)).statusCode).toBe(429)
  })
})
