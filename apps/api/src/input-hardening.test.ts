import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, count, registerPlayer, type TestContext } from './test/helpers.ts'
import { cardFields, client } from './modules/payments/testing.ts'
import { seedTestGames, TEST_WALLET_SECRET } from './modules/games/testing.ts'

let ctx: TestContext
let player: Awaited<ReturnType<typeof registerPlayer>>
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
  player = await registerPlayer(ctx.app, { currency: 'EUR' })
})
afterAll(() => ctx.close())

const NUL = 'a\u0000b'
const HIGH = 'a\uD800b'
const LOW = 'a\uDC00b'

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, locale = 'en') =>
  ctx.app.inject({
    method,
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    cookies: { sid: player.sid },
  })

describe('strings with NUL or a lone surrogate (finding 7)', () => {
  /** Each route the review saw answer 500, with a body whose one string is `bad`. */
  const cases = (bad: string): Array<[string, 'POST' | 'PUT' | 'PATCH', string, unknown, string]> => [
    ['profile', 'PATCH', '/api/player', { player: { city: bad } }, 'city'],
    ['details', 'POST', '/api/auth_providers/update_details', { address: bad }, 'address'],
    [
      'payment methods log',
      'POST',
      '/log-payments-dep',
      { depositMethods: [], userInfo: { x: bad } },
      'userInfo.x',
    ],
    ['fraud payload', 'POST', '/api/users/transaction', { firstname: bad }, 'firstname'],
    ['games filter', 'POST', '/api/games_filter', { filter: { title: bad } }, 'filter.title'],
    ['games select', 'POST', '/api/games_filter/select', { game_ids: [bad] }, 'game_ids.0'],
    [
      'games by seo title',
      'POST',
      '/api/games_filter/select_by_seo_titles',
      { game_seo_titles: [bad] },
      'game_seo_titles.0',
    ],
    ['game launch', 'POST', '/api/games/launch', { identifier: bad, mode: 'demo' }, 'identifier'],
    [
      'contact',
      'POST',
      '/api/send_contact_message',
      { contact: { email: 'ada@example.com', content: `Hello there ${bad}` } },
      'content',
    ],
    [
      'client log',
      'PUT',
      '/log',
      { label: 'X', level_name: 'INFO', datetime: '2026-01-01T00:00:00Z', message: bad },
      'message',
    ],
    [
      'performance',
      'PUT',
      '/performance',
      { path: `/${bad}`, ttfb: 1, dom_interactive: 1, dom_content_loaded: 1, load: 1 },
      'path',
    ],
  ]

  for (const [label, bad] of [
    ['NUL', NUL],
    ['a lone high surrogate', HIGH],
    ['a lone low surrogate', LOW],
  ] as const) {
    it(`answers 422 with a field error for ${label} on every route the review named`, async () => {
      for (const [name, method, url, body, field] of cases(bad)) {
        const res = await send(method, url, body)
        expect({ name, status: res.statusCode }).toEqual({ name, status: 422 })
        expect(res.json().code).toBe('validation_failed')
        expect(res.json().errors[field]).toEqual([expect.stringContaining('characters that are not allowed')])
      }
    })
  }

  it('refuses such a key too, and translates the message', async () => {
    const res = await send(
      'POST',
      '/log-payments-dep',
      { depositMethods: [], userInfo: { [NUL]: 'x' } },
      'de',
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.userInfo).toEqual([expect.stringMatching(/Zeichen/)])
  })

  it('keeps a well-formed pair (an emoji) and other text working', async () => {
    const res = await send('PUT', '/log', {
      label: 'X',
      level_name: 'INFO',
      datetime: '2026-01-01T00:00:00Z',
      message: 'Crash 🎰 in Köln',
    })
    expect(res.statusCode).toBe(204)
  })

  it('refuses a card deposit whose holder name holds NUL, and writes no payment', async () => {
    const before = await count(ctx.db, 'payments')
    const res = await client(ctx, player.sid).submit({
      amount_cents: 2_000,
      fields: { ...cardFields(), card_holder: 'Ada\u0000Lovelace' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors['fields.card_holder']).toHaveLength(1)
    expect(await count(ctx.db, 'payments')).toBe(before)
  })

  it('refuses NUL in a query string', async () => {
    const res = await ctx.app.inject({ url: '/dev/outbox?to=a%00b' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.to).toHaveLength(1)
  })

  it('refuses NUL in a verification upload’s text fields (multipart, validated outside the compiler)', async () => {
    const boundary = 'xBOUNDARYx'
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document[document_type]"\r\n\r\nidentity\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="document[description]"\r\n\r\nmy\u0000id\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="document[attachment]"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      cookies: { sid: player.sid },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.description).toHaveLength(1)
  })
})

describe('bad input answered 2xx (finding 8)', () => {
  it('answers 422 for an unknown language of the game collections, like the CMS', async () => {
    const bad = await ctx.app.inject({ url: '/api/games/collections?l=zz' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.l).toHaveLength(1)
    const cms = await ctx.app.inject({ url: '/api/cms/pages?l=zz' })
    expect(cms.statusCode).toBe(422)
    expect((await ctx.app.inject({ url: '/api/games/collections?l=de' })).statusCode).toBe(200)
  })

  it('refuses an unknown top-level key of a limit and sets nothing', async () => {
    const other = await registerPlayer(ctx.app, { currency: 'EUR' })
    const limit = { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] }
    const res = await client(ctx, other.sid).post('/api/user_limits', { ...limit, surprise: 1 })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.base).toEqual([expect.stringContaining('surprise')])
    expect((await client(ctx, other.sid).get('/api/user_limits')).json()).toEqual([])
    // What GET answers can still be posted back (IUserLimit-shaped), and a plain body works.
    expect((await client(ctx, other.sid).post('/api/user_limits', limit)).statusCode).toBe(204)
    const [listed] = (await client(ctx, other.sid).get('/api/user_limits')).json<object[]>()
    const again = await client(ctx, other.sid).post('/api/user_limits', {
      ...listed,
      accounts: [{ currency: 'EUR', amount_cents: 4_000 }],
    })
    expect(again.statusCode).toBe(204)
  })
})

describe('favourites v2 (finding 13)', () => {
  it('answers full games with total_count by accept-client or by a versioned Accept header', async () => {
    const fan = await registerPlayer(ctx.app, { currency: 'EUR' })
    const api = client(ctx, fan.sid)
    const selected = (
      await api.post('/api/games_filter/select', { game_ids: ['goldfinch:test-slot-3'] })
    ).json()
    const eurId = (selected['goldfinch:test-slot-3'] as { currencies: { EUR: { id: number } } }).currencies
      .EUR.id
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/player/favorite_games/${eurId}`,
      cookies: { sid: fan.sid },
    })
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({ url: '/api/player/favorite_games', cookies: { sid: fan.sid }, headers })

    const byClient = await get({ 'accept-client': 'application/vnd.s.v2+json' })
    expect(byClient.statusCode).toBe(200)
    expect(byClient.json()).toEqual([
      expect.objectContaining({ identifier: 'goldfinch:test-slot-3', total_count: 1 }),
    ])
    const byAccept = await get({ accept: 'application/vnd.s.v2+json' })
    expect(byAccept.statusCode).toBe(200)
    expect(byAccept.json()).toEqual(byClient.json())
    const byAcceptList = await get({ accept: 'application/json, application/vnd.s.v2+json;q=0.9' })
    expect(byAcceptList.json()).toEqual(byClient.json())
    // v1 either way, and by default.
    expect((await get({ accept: 'application/vnd.s.v1+json' })).json()).toEqual([eurId])
    expect((await get({ 'accept-client': 'application/vnd.s.v1+json' })).json()).toEqual([eurId])
    expect((await get({})).json()).toEqual([eurId])
  })
})
