import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Options, SubscriptionOptions } from 'centrifuge'
import { PRIVATE_CHANNELS, privateChannel, REALTIME_CLIENT, type UserSettings } from '@aurum/shared'
import type { HttpClient } from '../http/client.ts'
import type { LogLevel } from '../logger.ts'
import { RealtimeConnection, type RealtimeClient } from './connection.ts'
import type { RealtimeMessage } from './events.ts'
import { RealtimeEmitter, type RealtimeSnapshot } from './events.ts'
import { createStore } from '../store.ts'

type Handler = (ctx: never) => void

class Emitter {
  private handlers = new Map<string, Handler[]>()
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    return this
  }
  emit(event: string, ctx: unknown) {
    for (const h of this.handlers.get(event) ?? []) (h as (ctx: unknown) => void)(ctx)
  }
}

/** Stands in for a centrifuge Subscription: states and events as the client drives them. */
class FakeSubscription extends Emitter {
  state = 'unsubscribed'
  constructor(
    readonly channel: string,
    readonly options: SubscriptionOptions,
  ) {
    super()
  }
  subscribe() {
    this.state = 'subscribing'
  }
  subscribed(ctx: { wasRecovering?: boolean; recovered?: boolean } = {}) {
    this.state = 'subscribed'
    this.emit('subscribed', { channel: this.channel, wasRecovering: false, recovered: false, ...ctx })
  }
  publish(data: unknown) {
    this.emit('publication', { channel: this.channel, data })
  }
}

/** Stands in for the centrifuge client: what the connection calls and the events it listens to. */
class FakeClient extends Emitter {
  state = 'disconnected'
  subs = new Map<string, FakeSubscription>()
  publish = vi.fn(async () => ({}))
  presence = vi.fn(() => new Promise(() => undefined))
  history = vi.fn(async () => ({ publications: [], offset: 0, epoch: 'e' }))
  disconnected = 0
  constructor(
    readonly url: string,
    readonly options: Partial<Options>,
  ) {
    super()
  }
  connect() {
    this.setState('connecting')
  }
  disconnect() {
    this.disconnected++
    this.setState('disconnected')
    this.emit('disconnected', { code: 0, reason: 'disconnect called' })
  }
  newSubscription(channel: string, options: SubscriptionOptions = {}) {
    const sub = new FakeSubscription(channel, options)
    this.subs.set(channel, sub)
    return sub
  }
  getSubscription(channel: string) {
    return this.subs.get(channel) ?? null
  }
  setState(state: string) {
    this.state = state
    this.emit('state', { newState: state, oldState: '' })
  }
  /**
   * The server's connect reply, as the client handles it: state connected, the subscribe
   * commands (asking the private channels' tokens first), the 'connected' event; then every
   * subscription subscribed with the tokens it got.
   */
  async serverConnects(client: string, ctx: { wasRecovering?: boolean; recovered?: boolean } = {}) {
    this.setState('connected')
    const tokens = [...this.subs.values()].map((s) =>
      s.options.getToken ? s.options.getToken({ channel: s.channel }) : Promise.resolve(''),
    )
    this.emit('connected', { client, transport: 'websocket' })
    const signs = await Promise.all(tokens)
    ;[...this.subs.values()].forEach((s) => s.subscribed(ctx))
    return signs
  }
  transportCloses() {
    this.setState('connecting')
    for (const s of this.subs.values()) {
      s.state = 'subscribing'
      s.emit('subscribing', { channel: s.channel })
    }
  }
}

const settings = (user: string, token = `token-${user || 'guest'}`): UserSettings => ({
  cent: {
    user,
    timestamp: '1700000000',
    token,
    authEndpoint: '/api/realtime/auth',
    url: 'ws://casino.test/sock',
  },
  recaptcha: '',
  recaptcha_version: 0,
})

function setup(users: string[] = ['42']) {
  const queue = [...users]
  const gets: string[] = []
  const posts: Array<{ path: string; body: { client: string; channels: string[] } }> = []
  const http = {
    get: vi.fn(async (path: string) => {
      gets.push(path)
      const user = queue.length > 1 ? queue.shift()! : queue[0]!
      return settings(user, `token-${user || 'guest'}-${gets.length}`)
    }),
    post: vi.fn(async (path: string, body: { client: string; channels: string[] }) => {
      posts.push({ path, body })
      return Object.fromEntries(
        body.channels.map((c) => [c, { status: 200, info: '', sign: `sign:${c}:${body.client}` }]),
      )
    }),
  } as unknown as HttpClient
  const logs: Array<{ level: LogLevel; label: string; message: string; context: Record<string, unknown> }> =
    []
  const logger = {
    log: (level: LogLevel, label: string, error: unknown, context: Record<string, unknown> = {}) =>
      logs.push({ level, label, message: error instanceof Error ? error.message : String(error), context }),
  }
  const events = new RealtimeEmitter()
  const store = createStore<RealtimeSnapshot>({ status: 'idle', channels: [], user: null })
  const clients: FakeClient[] = []
  const connection = new RealtimeConnection({
    http,
    logger,
    events,
    store,
    createClient: (url, options) => {
      const client = new FakeClient(url, options)
      clients.push(client)
      return client as unknown as RealtimeClient
    },
  })
  return { connection, http, gets, posts, logs, events, store, clients, last: () => clients.at(-1)! }
}

const PRIVATE_42 = PRIVATE_CHANNELS.map((n) => privateChannel(n, '42'))

afterEach(() => {
  vi.useRealTimers()
})

describe('the realtime connection', () => {
  it('connects with the credentials of /api/player/settings and the client defaults of spec §9', async () => {
    const { connection, last, gets } = setup(['42'])
    await connection.start()
    const client = last()
    expect(gets).toEqual(['/api/player/settings'])
    expect(client.url).toBe('ws://casino.test/sock')
    expect(client.options).toMatchObject({
      token: 'token-42-1',
      minReconnectDelay: REALTIME_CLIENT.minReconnectDelay,
      maxReconnectDelay: REALTIME_CLIENT.maxReconnectDelay,
      timeout: REALTIME_CLIENT.timeout,
    })
    expect(client.state).toBe('connecting')
    // A new connection token comes from fresh settings.
    await expect(client.options.getToken!({})).resolves.toBe('token-42-2')
  })

  it('subscribes a guest to the public channels only', async () => {
    const { connection, last, posts } = setup([''])
    await connection.start()
    expect([...last().subs.keys()]).toEqual(['public:wins', 'public:jackpots_changes'])
    await last().serverConnects('g1')
    expect(posts).toEqual([])
  })

  it("subscribes a player's private channels with signs from one auth request for the connection's client id", async () => {
    const { connection, last, posts, store } = setup(['42'])
    await connection.start()
    const client = last()
    expect([...client.subs.keys()]).toEqual(['public:wins', 'public:jackpots_changes', ...PRIVATE_42])
    expect(client.subs.get('public:wins')!.options.getToken).toBeUndefined()
    const signs = await client.serverConnects('client-1')
    expect(posts).toEqual([
      { path: '/api/realtime/auth', body: { client: 'client-1', channels: PRIVATE_42 } },
    ])
    expect(signs.slice(2)).toEqual(PRIVATE_42.map((c) => `sign:${c}:client-1`))
    expect(store.get()).toMatchObject({ status: 'connected', user: '42' })
    expect(store.get().channels).toContain('balance')
    expect(store.get().channels).toContain('wins')
  })

  it('asks for new signs after a reconnect (another client id), again in one request', async () => {
    const { connection, last, posts } = setup(['42'])
    await connection.start()
    const client = last()
    await client.serverConnects('client-1')
    client.transportCloses()
    const signs = await client.serverConnects('client-2')
    expect(posts.map((p) => p.body.client)).toEqual(['client-1', 'client-2'])
    expect(posts[1]!.body.channels).toEqual(PRIVATE_42)
    expect(signs[2]).toBe(`sign:${PRIVATE_42[0]}:client-2`)
  })

  it('re-emits every message by type as websocket.<name> with its data', async () => {
    const { connection, last, events } = setup(['42'])
    await connection.start()
    await last().serverConnects('c1')
    const got: unknown[] = []
    events.on('websocket.balance', (a) => got.push(['balance', a]))
    events.on('websocket.wins', (w) => got.push(['wins', w]))
    events.on('websocket.payments_changes', (p) => got.push(['payments_changes', p]))
    const wallet = { currency: 'EUR', amount_cents: 15_000 }
    last().subs.get('balance#42')!.publish(wallet)
    last().subs.get('public:wins')!.publish({ nickname: 'ja***' })
    last().subs.get('payments_changes#42')!.publish({ id: '7' })
    expect(got).toEqual([
      ['balance', wallet],
      ['wins', { nickname: 'ja***' }],
      ['payments_changes', { id: '7' }],
    ])
  })

  it('keeps the connection state in the store and drops the channels while reconnecting', async () => {
    const { connection, last, store } = setup([''])
    const states: string[] = []
    store.subscribe(() => states.push(store.get().status))
    await connection.start()
    await last().serverConnects('c1')
    expect(store.get().channels).toEqual(['wins', 'jackpots_changes'])
    last().transportCloses()
    expect(store.get()).toMatchObject({ status: 'connecting', channels: [] })
    expect(states).toContain('connected')
    connection.stop()
    expect(store.get()).toEqual({ status: 'idle', channels: [], user: null })
  })

  it('asks for a resync after a reconnect whose recovery failed, not after one that recovered', async () => {
    const { connection, last, events } = setup(['42'])
    const resyncs: string[] = []
    events.on('realtime.resync', ({ name }) => resyncs.push(name))
    await connection.start()
    await last().serverConnects('c1')
    expect(resyncs).toEqual([])
    last().transportCloses()
    await last().serverConnects('c2', { wasRecovering: true, recovered: true })
    expect(resyncs).toEqual([])
    last().transportCloses()
    await last().serverConnects('c3', { wasRecovering: true, recovered: false })
    expect(resyncs).toContain('balance')
    expect(resyncs).toHaveLength(2 + PRIVATE_42.length)
  })

  it('reconnects with new credentials when the player changes, and not when it stays the same', async () => {
    const { connection, clients } = setup(['', '42', '42'])
    await connection.start()
    expect(clients).toHaveLength(1)
    await connection.start()
    expect(clients).toHaveLength(2)
    expect(clients[0]!.disconnected).toBe(1)
    expect(clients[1]!.options.token).toBe('token-42-2')
    expect(clients[1]!.subs.has('balance#42')).toBe(true)
    await connection.start()
    expect(clients).toHaveLength(2)
  })

  it('asks for the credentials again, backing off, until it gets them', async () => {
    vi.useFakeTimers()
    const { connection, clients, http, gets } = setup(['42'])
    const get = vi.spyOn(http, 'get')
    get.mockRejectedValueOnce(new Error('Network Error')).mockRejectedValueOnce(new Error('Network Error'))
    const started = connection.start()
    await vi.advanceTimersByTimeAsync(REALTIME_CLIENT.minReconnectDelay)
    expect(get).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2 * REALTIME_CLIENT.minReconnectDelay - 1)
    expect(get).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await started
    expect(get).toHaveBeenCalledTimes(3)
    expect(gets).toHaveLength(1)
    expect(clients).toHaveLength(1)
  })

  it('lets the latest of overlapping starts win', async () => {
    const { connection, clients } = setup(['', '42'])
    await Promise.all([connection.start(), connection.start()])
    expect(clients).toHaveLength(1)
    expect(clients[0]!.subs.has('balance#42')).toBe(true)
  })

  it('starts over when a token refresh finds another player (signed out in another tab)', async () => {
    const { connection, clients } = setup(['42', ''])
    await connection.start()
    await expect(clients[0]!.options.getToken!({})).rejects.toThrow(/player changed/)
    await vi.waitFor(() => expect(clients).toHaveLength(2))
    expect([...clients[1]!.subs.keys()]).toEqual(['public:wins', 'public:jackpots_changes'])
  })

  it("logs 'disconnected' (advice retry) when the server ends the connection, not on its own disconnect", async () => {
    const { connection, last, logs } = setup([''])
    await connection.start()
    await last().serverConnects('c1')
    last().emit('disconnected', { code: 3500, reason: 'invalid token' })
    expect(logs).toEqual([
      {
        level: 'warn',
        label: 'REALTIME_ERROR',
        message: 'disconnected',
        context: expect.objectContaining({ error: 'disconnected', advice: 'retry', code: 3500 }) as unknown,
      },
    ])
    connection.stop()
    expect(logs).toHaveLength(1)
  })

  it('starts over with fresh credentials a while after the server ended the connection (signed out elsewhere)', async () => {
    vi.useFakeTimers()
    const { connection, clients } = setup(['42', ''])
    await connection.start()
    await clients[0]!.serverConnects('c1')
    clients[0]!.state = 'disconnected'
    clients[0]!.emit('disconnected', { code: 3503, reason: 'session ended' })
    await vi.advanceTimersByTimeAsync(REALTIME_CLIENT.minReconnectDelay - 1)
    expect(clients).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(clients).toHaveLength(2)
    expect([...clients[1]!.subs.keys()]).toEqual(['public:wins', 'public:jackpots_changes'])
    // Refused again before connecting: the next start-over waits twice as long.
    clients[1]!.state = 'disconnected'
    clients[1]!.emit('disconnected', { code: 3509, reason: 'too many requests' })
    await vi.advanceTimersByTimeAsync(2 * REALTIME_CLIENT.minReconnectDelay - 1)
    expect(clients).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(clients).toHaveLength(3)
  })

  it("logs 'subscription unsubscribed' (advice fix) when the server unsubscribes a channel", async () => {
    const { connection, last, logs, store } = setup(['42'])
    await connection.start()
    await last().serverConnects('c1')
    const sub = last().subs.get('balance#42')!
    sub.state = 'unsubscribed'
    sub.emit('unsubscribed', { channel: 'balance#42', code: 1, reason: 'unauthorized' })
    expect(store.get().channels).not.toContain('balance')
    expect(logs[0]).toMatchObject({
      level: 'error',
      message: 'subscription unsubscribed',
      context: { advice: 'fix', channel: 'balance#42', code: 1 },
    })
  })

  it("logs the auth endpoint's failure with its advice", async () => {
    const { connection, last, logs, http } = setup(['42'])
    const post = vi.spyOn(http, 'post')
    post.mockRejectedValueOnce(new Error('Network Error'))
    await connection.start()
    const client = last()
    client.setState('connected')
    const token = client.subs.get('balance#42')!.options.getToken!({ channel: 'balance#42' })
    client.emit('connected', { client: 'c1', transport: 'websocket' })
    await expect(token).rejects.toThrow('authorization request failed')
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({
      level: 'error',
      message: 'authorization request failed',
      context: { advice: 'fix', client: 'c1' },
    })
  })

  describe('real-time calls (spec §4)', () => {
    const presence: RealtimeMessage = { method: 'presence', params: { channel: 'balance#42' } }

    it('answers through the callback', async () => {
      const { connection, last } = setup(['42'])
      await connection.start()
      await last().serverConnects('c1')
      const callback = vi.fn()
      const errback = vi.fn()
      connection.call({ method: 'history', params: { channel: 'public:wins', limit: 5 } }, callback, errback)
      await vi.waitFor(() => expect(callback).toHaveBeenCalled())
      expect(last().history).toHaveBeenCalledWith('public:wins', { limit: 5 })
      expect(callback.mock.calls[0]![0]).toMatchObject({ method: 'history', body: { epoch: 'e' } })
      expect(errback).not.toHaveBeenCalled()
    })

    it("gives the errback error 'timeout', advice 'retry', when no answer comes in time, and drops a late one", async () => {
      vi.useFakeTimers()
      const { connection, last, logs } = setup(['42'])
      await connection.start()
      await last().serverConnects('c1')
      const callback = vi.fn()
      const errback = vi.fn()
      const uid = connection.call(presence, callback, errback)
      await vi.advanceTimersByTimeAsync(REALTIME_CLIENT.timeout - 1)
      expect(errback).not.toHaveBeenCalled()
      await vi.advanceTimersByTimeAsync(1)
      expect(errback).toHaveBeenCalledTimes(1)
      expect(errback.mock.calls[0]![0]).toEqual({ ...presence, uid, error: 'timeout', advice: 'retry' })
      expect(callback).not.toHaveBeenCalled()
      expect(logs[0]).toMatchObject({ level: 'warn', message: 'timeout', context: { advice: 'retry' } })
    })

    it("gives 'disconnected' (advice retry) while not connected", async () => {
      const { connection } = setup(['42'])
      await connection.start()
      const errback = vi.fn()
      connection.call(presence, vi.fn(), errback)
      expect(errback.mock.calls[0]![0]).toMatchObject({ error: 'disconnected', advice: 'retry' })
    })

    it("gives 'subscription unsubscribed' (advice fix) on a channel not subscribed", async () => {
      const { connection, last } = setup(['42'])
      await connection.start()
      await last().serverConnects('c1')
      const errback = vi.fn()
      connection.call({ method: 'publish', params: { channel: 'balance#42', data: 1 } }, vi.fn(), errback)
      expect(errback).not.toHaveBeenCalled()
      last().subs.get('balance#42')!.state = 'unsubscribed'
      connection.call({ method: 'publish', params: { channel: 'balance#42', data: 1 } }, vi.fn(), errback)
      expect(errback.mock.calls[0]![0]).toMatchObject({ error: 'subscription unsubscribed', advice: 'fix' })
    })

    it("maps the client's own errors: its timeout, a server refusal", async () => {
      const { connection, last } = setup(['42'])
      await connection.start()
      await last().serverConnects('c1')
      last().publish.mockRejectedValueOnce({ code: 1, message: 'timeout' })
      last().publish.mockRejectedValueOnce({ code: 103, message: 'permission denied' })
      const errback = vi.fn()
      connection.call({ method: 'publish', params: { channel: 'public:wins', data: 1 } }, vi.fn(), errback)
      connection.call({ method: 'publish', params: { channel: 'public:wins', data: 2 } }, vi.fn(), errback)
      await vi.waitFor(() => expect(errback).toHaveBeenCalledTimes(2))
      expect(errback.mock.calls.map((c) => [c[0].error, c[0].advice])).toEqual([
        ['timeout', 'retry'],
        ['permission denied', 'fix'],
      ])
    })
  })
})
