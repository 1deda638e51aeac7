import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Centrifuge, type PublicationContext } from 'centrifuge'
import WebSocket from 'ws'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import { client, fund } from '../modules/payments/testing.ts'
import { openRealSession, seedTestGames, spin, TEST_WALLET_SECRET } from '../modules/games/testing.ts'
import { maskNickname } from '../modules/games/winners.ts'

let ctx: TestContext
let url: string
beforeAll(async () => {
  ctx = await createTestApp({ WALLET_SECRET: TEST_WALLET_SECRET })
  await seedTestGames(ctx)
  url = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/sock`
})
afterAll(() => ctx?.close())

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** A client subscribed to a channel (a private one signed through the auth endpoint). */
async function listen(channel: string, sid?: string) {
  const cent = (await ctx.app.inject({ url: '/api/player/settings', cookies: sid ? { sid } : {} })).json<{
    cent: { token: string }
  }>().cent
  const centrifuge = new Centrifuge(url, { websocket: WebSocket, token: cent.token })
  const received: unknown[] = []
  const sub = centrifuge.newSubscription(
    channel,
    sid
      ? {
          getToken: async () =>
            (await client(ctx, sid).post('/api/realtime/auth', { client: 'web', channels: [channel] })).json<
              Record<string, { sign: string }>
            >()[channel]!.sign,
        }
      : {},
  )
  sub.on('publication', (p: PublicationContext) => received.push(p.data))
  const subscribed = new Promise((resolve) => sub.once('subscribed', resolve))
  sub.subscribe()
  centrifuge.connect()
  await subscribed
  return { received, close: () => centrifuge.disconnect() }
}

/** A funded player in a real game session. */
async function playing(nickname: string) {
  const player = await registerPlayer(ctx.app, { currency: 'EUR', nickname })
  await fund(ctx, player.sid, 10_000)
  return { player, sessionId: await openRealSession(ctx, player.sid) }
}

describe('what the casino publishes', () => {
  it('tells the player the balance after a spin, bet and win in one', async () => {
    const { player, sessionId } = await playing('Spinner')
    const balance = await listen(`balance#${player.id}`, player.sid)
    expect((await spin(ctx, sessionId, 200, 500)).statusCode).toBe(200)
    await until(() => balance.received.length > 0)
    expect(balance.received.at(-1)).toMatchObject({ currency: 'EUR', amount_cents: 10_300 })
    balance.close()
  })

  it('puts a win of 10× the bet or more on the public feed and in the latest-winners list, masked', async () => {
    const wins = await listen('public:wins')
    const { sessionId } = await playing('Jackpotjane')
    expect((await spin(ctx, sessionId, 100, 900)).statusCode).toBe(200) // 9×: not notable
    expect((await spin(ctx, sessionId, 100, 2_500)).statusCode).toBe(200) // 25×
    await until(() => wins.received.length === 1)
    const notice = wins.received[0]
    expect(notice).toMatchObject({
      bet_amount_cents: 100,
      win_amount_cents: 2_500,
      currency: 'EUR',
      game_identifier: 'goldfinch:test-slot-1',
      nickname: 'Ja***',
      humanized_win: '25.00 EUR',
    })
    expect((notice as { game_table_url: string }).game_table_url).toMatch(/^\/play\/goldfinch\//)
    const latest = await ctx.app.inject({
      url: '/api/stats/winners/latest',
      headers: { 'accept-language': 'de' },
    })
    expect(latest.statusCode).toBe(200)
    const list = latest.json<Array<{ win_amount_cents: number; nickname: string; humanized_win: string }>>()
    expect(list[0]).toMatchObject({ win_amount_cents: 2_500, nickname: 'Ja***', humanized_win: '25,00 EUR' })
    expect(list.some((w) => w.win_amount_cents === 900)).toBe(false)
    wins.close()
  })

  it('tells the open game frame when a limit stops play (game_limits), and only then', async () => {
    const { player, sessionId } = await playing('limited')
    const limits = await listen(`game_limits#${player.id}`, player.sid)
    await client(ctx, player.sid).post('/api/user_limits', {
      type: 'wager',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 1_000 }],
    })
    expect((await spin(ctx, sessionId, 700, 0)).statusCode).toBe(200)
    // More than is left: refused, but 300 may still be wagered (the game stays open).
    expect((await spin(ctx, sessionId, 500, 0)).json().code).toBe('limit_reached')
    expect((await spin(ctx, sessionId, 300, 0)).statusCode).toBe(200)
    expect(limits.received).toEqual([])
    expect((await spin(ctx, sessionId, 100, 0)).json().code).toBe('limit_reached')
    await until(() => limits.received.length === 1)
    expect(limits.received[0]).toMatchObject({ type: 'limit_reached', limit: 'wager', currency: 'EUR' })
    expect(new Date((limits.received[0] as { until: string }).until).getTime()).toBeGreaterThan(Date.now())
    await client(ctx, player.sid).post('/api/user_limits', { type: 'selfexclusion', period: 'forever' })
    await until(() => limits.received.length === 2)
    expect(limits.received[1]).toEqual({
      type: 'limit_reached',
      limit: 'selfexclusion',
      currency: null,
      until: null,
    })
    limits.close()
  })

  it('masks names to their first two characters', () => {
    expect(maskNickname('Jackpotjane', 'x@example.com')).toBe('Ja***')
    expect(maskNickname(null, 'olga.k@example.com')).toBe('ol***')
    expect(maskNickname('  ', 'zoë@example.com')).toBe('zo***')
    expect(maskNickname('👩‍🚀x', 'a@b.c')).toBe('👩‍🚀x***')
  })
})
