import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Centrifuge, type PublicationContext, type Subscription } from 'centrifuge'
import WebSocket from 'ws'
import { createTestApp, registerPlayer, type TestContext } from '../test/helpers.ts'
import { balance, CARDS, cardFields, client as api, fund } from '../modules/payments/testing.ts'
import { signToken } from './tokens.ts'
import { realtimeKey } from '../lib/realtime-credentials.ts'
import { testRedisUrls } from '../test/redis.ts'

const SECRET = 'realtime-hub-test-session-secret-0123456789'

/** The hub's suite with its in-process broker, and with Redis's when a Redis is there to test. */
const brokers: Array<[string, Record<string, string>]> = [
  ['in-process broker', {}],
  ...testRedisUrls.map((url): [string, Record<string, string>] => ['Redis broker', { REDIS_URL: url }]),
]

for (const [broker, env] of brokers) {
  let ctx: TestContext
  let url: string
  beforeAll(async () => {
    ctx = await createTestApp({ SESSION_SECRET: SECRET, ...env })
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    url = `${address.replace('http', 'ws')}/sock`
  })
  afterAll(() => ctx?.close())

  type Player = Awaited<ReturnType<typeof registerPlayer>>

  async function settings(sid?: string) {
    const res = await ctx.app.inject({ url: '/api/player/settings', cookies: sid ? { sid } : {} })
    return res.json<{ cent: { user: string; token: string; url: string; authEndpoint: string } }>().cent
  }

  /** What the web app does: a private channel's token from the auth endpoint (spec §7). */
  async function sign(sid: string, client: string, channel: string): Promise<string> {
    const res = await api(ctx, sid).post('/api/realtime/auth', { client, channels: [channel] })
    expect(res.statusCode).toBe(200)
    const answer = res.json<Record<string, { status: number; sign: string }>>()[channel]!
    if (answer.status !== 200) throw new Error(`channel refused: ${answer.status}`)
    return answer.sign
  }

  const open: Centrifuge[] = []

  /** The official client over `ws`, as a browser would use it, with quick reconnects. */
  function connect(token: string, extra: Partial<ConstructorParameters<typeof Centrifuge>[1]> = {}) {
    const centrifuge = new Centrifuge(url, {
      websocket: WebSocket,
      token,
      minReconnectDelay: 50,
      maxReconnectDelay: 200,
      timeout: 5_000,
      ...extra,
    })
    open.push(centrifuge)
    centrifuge.connect()
    return centrifuge
  }

  const connected = (c: Centrifuge) =>
    new Promise<string>((resolve, reject) => {
      c.once('connected', (ctx) => resolve(ctx.client))
      c.once('disconnected', (ctx) => reject(new Error(`disconnected ${ctx.code} ${ctx.reason}`)))
    })

  const event = <T>(
    emitter: { once(name: string, fn: (ctx: T) => void): unknown },
    name: string,
    ms = 5_000,
  ) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} within ${ms} ms`)), ms)
      emitter.once(name, (ctx: T) => {
        clearTimeout(timer)
        resolve(ctx)
      })
    })

  /** Collects a subscription's publications. */
  function collect(sub: Subscription) {
    const received: unknown[] = []
    sub.on('publication', (p: PublicationContext) => received.push(p.data))
    return received
  }

  async function until(check: () => boolean, ms = 5_000) {
    const end = Date.now() + ms
    while (!check()) {
      if (Date.now() > end) throw new Error('condition not met in time')
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  /** A player's client with its own balance channel subscribed through the auth endpoint. */
  async function playerClient(player: Player) {
    const cent = await settings(player.sid)
    const c = connect(cent.token, { getToken: async () => (await settings(player.sid)).token })
    const clientId = await connected(c)
    const channel = `balance#${player.id}`
    const sub = c.newSubscription(channel, { getToken: async () => sign(player.sid, clientId, channel) })
    const received = collect(sub)
    sub.subscribe()
    await event(sub, 'subscribed')
    return { c, sub, received, clientId }
  }

  afterAll(() => {
    for (const c of open) c.disconnect()
  })

  describe(`realtime hub with the official centrifuge client (${broker})`, () => {
    it('lets a guest subscribe to the public wins feed and receive what the casino publishes', async () => {
      const cent = await settings()
      expect(cent.user).toBe('')
      expect(cent.url).toMatch(/\/sock$/)
      const c = connect(cent.token)
      await connected(c)
      const sub = c.newSubscription('public:wins')
      const received = collect(sub)
      sub.subscribe()
      const subscribed = await event<{ recoverable: boolean; streamPosition?: { epoch: string } }>(
        sub,
        'subscribed',
      )
      expect(subscribed.recoverable).toBe(true)
      await ctx.app.realtime.publish('public:wins', {
        game_title: 'Sunstone Dynasty',
        win_amount_cents: 12_500,
      })
      await until(() => received.length === 1)
      expect(received[0]).toEqual({ game_title: 'Sunstone Dynasty', win_amount_cents: 12_500 })
      // A guest has no private channel, whatever it asks for.
      const denied = c.newSubscription('balance#1', { token: 'x' })
      denied.subscribe()
      const off = await event<{ code: number }>(denied, 'unsubscribed')
      expect(off.code).toBe(103)
    })

    it('pushes the new balance and the payment to the player’s own channels after a deposit commits', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const { c, received } = await playerClient(player)
      const paymentsChannel = `payments_changes#${player.id}`
      const payments = c.newSubscription(paymentsChannel, {
        getToken: async () => sign(player.sid, 'web', paymentsChannel),
      })
      const notices = collect(payments)
      payments.subscribe()
      await event(payments, 'subscribed')

      await fund(ctx, player.sid, 4_200)
      await until(() => received.length >= 1 && notices.length === 1).catch((err: unknown) => {
        throw new Error(`${(err as Error).message}: ${JSON.stringify({ received, notices })}`)
      })
      expect(received.at(-1)).toMatchObject({
        currency: 'EUR',
        amount_cents: 4_200,
        available_to_cashout_cents: 4_200,
      })
      expect(notices[0]).toMatchObject({
        amount_cents: 4_200,
        currency: 'EUR',
        action: 'deposit',
        payment_system: 'card',
        success: true,
        type: 'succeeded',
      })
      // A declined deposit moves no money: a payment notice, no balance.
      const before = received.length
      const declined = await api(ctx, player.sid).submit({
        amount_cents: 1_900,
        fields: cardFields(CARDS.declined),
      })
      expect(declined.json().payment.state).toBe('declined')
      await until(() => notices.length === 2)
      expect(notices[1]).toMatchObject({ success: false, type: 'declined', amount_cents: 1_900 })
      await new Promise((r) => setTimeout(r, 50))
      expect(received.length).toBe(before)
    })

    it("never lets a player subscribe to another player's channel", async () => {
      const alice = await registerPlayer(ctx.app, { currency: 'EUR' })
      const bob = await registerPlayer(ctx.app, { currency: 'EUR' })
      const cent = await settings(alice.sid)
      const c = connect(cent.token)
      const clientId = await connected(c)
      // The auth endpoint refuses to sign it...
      const res = await api(ctx, alice.sid).post('/api/realtime/auth', {
        client: clientId,
        channels: [`balance#${bob.id}`, `balance#${alice.id}`, 'nonsense#1'],
      })
      expect(res.statusCode).toBe(200)
      const answer = res.json()
      expect(answer[`balance#${bob.id}`]).toEqual({ status: 403, info: '', sign: '' })
      expect(answer['nonsense#1'].status).toBe(403)
      expect(answer[`balance#${alice.id}`].status).toBe(200)
      // ...and the hub refuses Alice's own token shown for Bob's channel or another of hers, a token
      // of Bob's shown on Alice's connection, no token, and the newer mode's name of Bob's channel.
      const own = answer[`balance#${alice.id}`].sign as string
      const bobs = signToken(realtimeKey(SECRET), {
        sub: String(bob.id),
        channel: `balance#${alice.id}`,
        iat: 0,
        exp: Math.floor(Date.now() / 1000) + 60,
      })
      for (const [channel, token] of [
        [`balance#${bob.id}`, own],
        [`balance#${alice.id}`, bobs],
        [`payments_changes#${alice.id}`, own],
        [`balance#${bob.id}`, undefined],
        [`ws:aurum:balance#${bob.id}`, undefined],
      ] as const) {
        const sub = c.newSubscription(channel, token ? { token } : {})
        sub.subscribe()
        const off = await event<{ code: number }>(sub, 'unsubscribed')
        expect(off.code, channel).toBe(103)
        c.removeSubscription(sub)
      }
      // The newer mode's name of her own channel needs no channel token (the connection is hers).
      const mine = c.newSubscription(`ws:aurum:balance#${alice.id}`)
      mine.subscribe()
      await event(mine, 'subscribed')
      // Guests get no signature at all.
      const guest = await ctx.app.inject({
        method: 'POST',
        url: '/api/realtime/auth',
        payload: { client: clientId, channels: [`balance#${alice.id}`] },
      })
      expect(guest.statusCode).toBe(401)
      const malformed = await api(ctx, alice.sid).post('/api/realtime/auth', {
        client: clientId,
        channels: [],
      })
      expect(malformed.statusCode).toBe(422)
      expect(malformed.json().errors.channels).toHaveLength(1)
    })

    it('recovers the publications missed while disconnected, in order, after a reconnect', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const { c, sub, received } = await playerClient(player)
      await ctx.app.realtime.publish(`balance#${player.id}`, { n: 1 })
      await until(() => received.length === 1)
      c.disconnect()
      await ctx.app.realtime.publish(`balance#${player.id}`, { n: 2 })
      await ctx.app.realtime.publish(`balance#${player.id}`, { n: 3 })
      const resubscribed = event<{ wasRecovering: boolean; recovered: boolean }>(sub, 'subscribed')
      c.connect()
      const ctxSub = await resubscribed
      expect(ctxSub).toMatchObject({ wasRecovering: true, recovered: true })
      await until(() => received.length === 3)
      expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      // History of the channel, as the client can ask for it.
      const history = await sub.history({ limit: 10 })
      expect(history.publications.map((p) => p.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    })

    it('brings a single tab back to the true balance after a network drop during which a deposit was made', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      // The network: while offline, every new socket goes nowhere (the client keeps retrying).
      let offline = false
      const sockets: WebSocket[] = []
      class Network extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(offline ? 'ws://127.0.0.1:1/' : address, protocols)
          sockets.push(this)
        }
      }
      const c = connect((await settings(player.sid)).token, {
        websocket: Network,
        getToken: async () => (await settings(player.sid)).token,
      })
      const clientId = await connected(c)
      const channel = `balance#${player.id}`
      const sub = c.newSubscription(channel, { getToken: async () => sign(player.sid, clientId, channel) })
      // The header's balance as the web app keeps it: every publication, and a reload after a
      // resubscription that could not replay what it missed.
      let shown: number | null = null
      sub.on('publication', (p: PublicationContext) => {
        shown = (p.data as { amount_cents: number }).amount_cents
      })
      const subscriptions: Array<{
        wasRecovering: boolean
        recovered: boolean
        hasRecoveredPublications: boolean
      }> = []
      sub.on('subscribed', (s) => {
        subscriptions.push(s)
        if (subscriptions.length > 1 && !(s.wasRecovering && s.recovered)) {
          void api(ctx, player.sid)
            .get('/api/player/accounts')
            .then((res) => {
              shown = res.json<Array<{ amount_cents: number }>>()[0]!.amount_cents
            })
        }
      })
      sub.subscribe()
      await event(sub, 'subscribed')
      await fund(ctx, player.sid, 1_000)
      await until(() => shown === 1_000)

      // The network drops (no close handshake); the hub sees the socket go, then a deposit is made.
      const before = ctx.app.realtime.stats().connections
      offline = true
      sockets.at(-1)!.terminate()
      await until(() => ctx.app.realtime.stats().connections === before - 1)
      await fund(ctx, player.sid, 4_200)
      expect(await balance(ctx, player.sid)).toBe(5_200)

      const resubscribed = event<(typeof subscriptions)[number]>(sub, 'subscribed')
      offline = false
      const recovery = await resubscribed
      await until(() => shown === 5_200).catch(() => {
        throw new Error(`the tab shows ${shown} after ${JSON.stringify(recovery)}, not 5200`)
      })
      // Replayed from the channel's history, not left to a later live publication.
      expect(recovery).toMatchObject({ wasRecovering: true, recovered: true, hasRecoveredPublications: true })
    })

    it('tells a client it could not recover when the stream is not the one it knew', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const cent = await settings(player.sid)
      const c = connect(cent.token)
      const clientId = await connected(c)
      const channel = `balance#${player.id}`
      const sub = c.newSubscription(channel, {
        token: await sign(player.sid, clientId, channel),
        since: { offset: 5, epoch: 'another-epoch' },
      })
      sub.subscribe()
      const subscribed = await event<{ wasRecovering: boolean; recovered: boolean }>(sub, 'subscribed')
      expect(subscribed).toMatchObject({ wasRecovering: true, recovered: false })
    })

    it('shows the player’s own connections in presence, and no presence on public channels', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const one = await playerClient(player)
      const joins: unknown[] = []
      one.sub.on('join', (j) => joins.push(j.info))
      const two = await playerClient(player)
      const presence = await one.sub.presence()
      expect(Object.keys(presence.clients).sort()).toEqual([one.clientId, two.clientId].sort())
      expect((await one.sub.presenceStats()).numUsers).toBe(1)
      const wins = one.c.newSubscription('public:wins')
      wins.subscribe()
      await event(wins, 'subscribed')
      await expect(wins.presence()).rejects.toMatchObject({ code: 108 })
      // Nobody publishes from a client: every publication is the casino's.
      await expect(wins.publish({ fake: 'win' })).rejects.toMatchObject({ code: 103 })
      await expect(one.sub.publish({ amount_cents: 1e9 })).rejects.toMatchObject({ code: 103 })
    })

    it('refreshes the connection token before it expires, and keeps the connection', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const session = (await settings(player.sid)).token
      const claims = JSON.parse(Buffer.from(session.split('.')[1]!, 'base64url').toString())
      const now = Math.floor(Date.now() / 1000)
      // The shortest ttl the hub gives (1 s): the client refreshes after it, no fixed wait.
      const shortLived = signToken(realtimeKey(SECRET), { ...claims, iat: now, exp: now + 1 })
      let refreshed = 0
      const c = connect(shortLived, {
        getToken: async () => {
          refreshed++
          return (await settings(player.sid)).token
        },
      })
      await connected(c)
      let dropped = false
      c.on('disconnected', () => (dropped = true))
      c.on('connecting', () => (dropped = true))
      await until(() => refreshed >= 1, 2_000)
      // A command sent after the refresh is answered on the same connection: the hub took the
      // new token (a refused refresh ends the connection before it).
      const wins = c.newSubscription('public:wins')
      wins.subscribe()
      await event(wins, 'subscribed')
      expect(dropped).toBe(false)
      expect(c.state).toBe('connected')
    })

    it('refuses a forged or expired connection token', async () => {
      const forged = signToken('not-the-key', {
        sub: '1',
        sid: 'x',
        iat: 0,
        exp: Math.floor(Date.now() / 1000) + 60,
      })
      const c = connect(forged)
      const off = await event<{ code: number; reason: string }>(c, 'disconnected')
      expect(off).toMatchObject({ code: 3500, reason: 'invalid token' })
      // An expired token is refused with "token expired": the client asks for a new one.
      const expired = signToken(realtimeKey(SECRET), { sub: '', iat: 0, exp: 1 })
      const guestToken = (await settings()).token
      let asked = 0
      const retry = connect(expired, {
        getToken: async () => {
          asked++
          return guestToken
        },
      })
      await connected(retry)
      expect(asked).toBe(1)
    })

    it('closes the connections of a sign-in when the player signs out', async () => {
      const player = await registerPlayer(ctx.app, { currency: 'EUR' })
      const { c } = await playerClient(player)
      const off = event<{ code: number; reason: string }>(c, 'disconnected')
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/sign_out',
        cookies: { sid: player.sid },
      })
      expect(res.statusCode).toBeLessThan(300)
      expect(await off).toMatchObject({ code: 3503, reason: 'session ended' })
      // Its token no longer connects.
      const again = connect((await settings(player.sid)).token)
      await connected(again) // the cookie is gone: a guest token
      const stale = signToken(realtimeKey(SECRET), {
        sub: String(player.id),
        sid: 'f'.repeat(64),
        iat: 0,
        exp: Math.floor(Date.now() / 1000) + 60,
      })
      const refused = connect(stale)
      expect(await event<{ code: number }>(refused, 'disconnected')).toMatchObject({ code: 3500 })
    })
  })

  describe(`realtime hub protocol limits (${broker})`, () => {
    /** A raw socket, to send what the official client never would. */
    async function raw() {
      const socket = new WebSocket(url)
      await new Promise((resolve, reject) => {
        socket.once('open', resolve)
        socket.once('error', reject)
      })
      const frames: string[] = []
      socket.on('message', (data: Buffer) => frames.push(data.toString()))
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      )
      return { socket, frames, closed }
    }

    it('closes a connection that sends malformed JSON or a command before connecting', async () => {
      const a = await raw()
      a.socket.send('{not json')
      expect(await a.closed).toEqual({ code: 3501, reason: '{"reason":"bad request","reconnect":false}' })
      const b = await raw()
      b.socket.send(JSON.stringify({ id: 1, subscribe: { channel: 'public:wins' } }))
      expect((await b.closed).code).toBe(3501)
    })

    it('closes a connection whose message is larger than 64 KB', async () => {
      const a = await raw()
      a.socket.send(JSON.stringify({ id: 1, connect: { token: 'x'.repeat(70_000) } }))
      expect((await a.closed).code).toBe(1009)
    })

    it('answers "too many requests" beyond the per-connection rate', async () => {
      const a = await raw()
      a.socket.send(JSON.stringify({ id: 1, connect: { token: (await settings()).token } }))
      await until(() => a.frames.length === 1)
      const burst = Array.from({ length: 150 }, (_, i) =>
        JSON.stringify({ id: i + 2, history: { channel: 'public:wins' } }),
      )
      a.socket.send(burst.join('\n'))
      await until(() => a.frames.length === 151)
      const errors = a.frames.slice(1).map((f) => JSON.parse(f).error?.code)
      expect(errors.filter((code) => code === 111).length).toBeGreaterThan(0)
      expect(errors.filter((code) => code === 103).length).toBeGreaterThan(0) // history of a channel not subscribed
      a.socket.close()
    })

    it('tells every client to reconnect elsewhere when the node shuts down', async () => {
      const node = await createTestApp({ SESSION_SECRET: SECRET, ...env })
      const address = await node.app.listen({ port: 0, host: '127.0.0.1' })
      const c = new Centrifuge(`${address.replace('http', 'ws')}/sock`, {
        websocket: WebSocket,
        token: (await settings()).token,
        minReconnectDelay: 10_000,
      })
      c.connect()
      await connected(c)
      const connecting = event<{ code: number; reason: string }>(c, 'connecting')
      await node.close()
      expect(await connecting).toMatchObject({ code: 3001, reason: 'shutdown' })
      c.disconnect()
    })
  })
}
