import crypto from 'node:crypto'
import type { Broker, ClientInfo, ControlMessage, Publication, StreamPosition } from './broker.ts'
import type { ChannelRule, ChannelRules } from './channels.ts'
import {
  commandSchema,
  DISCONNECTS,
  ERRORS,
  methodOf,
  type Command,
  type Disconnect,
  type ReplyError,
} from './protocol.ts'
import { connectionClaims, subscriptionClaims, verifyToken } from './tokens.ts'

/** What the hub needs of a websocket (ws's, as @fastify/websocket hands it over). */
export interface HubSocket {
  readonly bufferedAmount: number
  readonly readyState: number
  send(data: Buffer, options: { binary: boolean }): void
  close(code: number, reason: string): void
  terminate(): void
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown
  on(event: 'close', listener: () => void): unknown
  on(event: 'error', listener: (err: Error) => void): unknown
  once(event: 'close', listener: () => void): unknown
}

const SOCKET_CLOSED = 3

type Log = Record<'error' | 'warn' | 'info' | 'debug', (obj: object, msg: string) => void>

export interface HubOptions {
  /** The key connection and subscription tokens are signed with. */
  key: string
  broker: Broker
  rules: ChannelRules
  log: Log
  /** Whether the sign-in a connection token names is still live (sign-out ends its connections). */
  sessionLive(sessionId: string, userId: string): Promise<boolean>
  version?: string
  /** Server ping interval; the client answers each ping with a pong. */
  pingSeconds?: number
  /** A socket must send its connect command this soon. */
  connectTimeoutSeconds?: number
  maxChannelsPerConnection?: number
  /** Commands per connection: a bucket of `burst`, refilled at `perSecond`. */
  rate?: { burst: number; perSecond: number }
  /** A connection whose unsent data grows beyond this is too slow to keep up: it is dropped. */
  maxBufferedBytes?: number
  now?: () => number
}

interface Subscription {
  /** The name the client subscribed with (pushes carry it). */
  wire: string
  rule: ChannelRule
  joinLeave: boolean
  /** Publications that arrived while the subscribe was being answered, sent after the reply. */
  pending: Array<{ frame: Buffer; offset: number }> | null
  /** The stream offset the subscribe reply covered: publications up to it are not sent again. */
  boundary: number
}

/** One publication on its way to a channel's subscribers (under one channel name). */
interface Delivery {
  wire: string
  frame: Buffer
  offset: number
  conns: Connection[]
  next: number
}

/** Sends made before yielding: a publication to many subscribers doesn't stall the node's requests. */
const SENDS_PER_TICK = 2_000

/** Publications a recovery may replay; a longer gap is answered as not recovered. */
const RECOVER_MAX = 100
const PRESENCE_TTL_FACTOR = 3
/** How long past its token's expiry a connection may still refresh (as Centrifugo's default). */
const EXPIRED_CLOSE_DELAY_SECONDS = 25

const frameOf = (message: object) => JSON.stringify(message)

/** A stored publication as a reply carries it (the data as JSON again, not as a text). */
const decoded = (p: { data: string; offset: number }) => ({
  data: JSON.parse(p.data) as unknown,
  offset: p.offset,
})

/** A publication as its subscribers receive it, encoded once for all of them. */
function publicationFrame(wire: string, data: string, offset: number): Buffer {
  const position = offset > 0 ? `,"offset":${offset}` : ''
  return Buffer.from(`{"push":{"channel":${JSON.stringify(wire)},"pub":{"data":${data}${position}}}}`)
}

class Connection {
  readonly id = crypto.randomUUID()
  user = ''
  sessionId: string | null = null
  connected = false
  closed = false
  expiresAt = 0
  lastSeen: number
  tokens: number
  lastRefill: number
  readonly subs = new Map<string, Subscription>()
  expiry: NodeJS.Timeout | null = null
  /** Commands run one after another, in the order they arrived. */
  queue: Promise<void> = Promise.resolve()

  constructor(
    readonly socket: HubSocket,
    now: number,
    burst: number,
  ) {
    this.lastSeen = now
    this.lastRefill = now
    this.tokens = burst
  }

  info(): ClientInfo {
    return { client: this.id, user: this.user }
  }
}

/**
 * The realtime hub (docs/realtime.md): holds the websocket connections of this api node, answers
 * their commands, and delivers the broker's publications to the local subscribers. Publications
 * come from the server only (`publish`), after the database transaction that caused them commits.
 */
export class Hub {
  private connections = new Set<Connection>()
  /** canonical channel → wire name → connections subscribed under that name */
  private channels = new Map<string, Map<string, Set<Connection>>>()
  private byUser = new Map<string, Set<Connection>>()
  private bySession = new Map<string, Set<Connection>>()
  private ticker: NodeJS.Timeout | null = null
  private closing = false
  private outbox: Delivery[] = []
  private pumping = false
  private settlers: Array<(channel: string) => Promise<void>> = []
  private readonly pingSeconds: number
  private readonly connectTimeoutMs: number
  private readonly maxChannels: number
  private readonly rate: { burst: number; perSecond: number }
  private readonly maxBuffered: number
  private readonly now: () => number

  constructor(private options: HubOptions) {
    this.pingSeconds = options.pingSeconds ?? 25
    this.connectTimeoutMs = (options.connectTimeoutSeconds ?? 10) * 1000
    this.maxChannels = options.maxChannelsPerConnection ?? 64
    this.rate = options.rate ?? { burst: 100, perSecond: 20 }
    this.maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024
    this.now = options.now ?? Date.now
  }

  async start(): Promise<void> {
    await this.options.broker.start({
      publication: (p) => this.deliver(p),
      control: (m) => this.onControl(m),
    })
    this.ticker = setInterval(() => this.tick(), this.pingSeconds * 1000)
    this.ticker.unref()
  }

  /** Sends `data` to a channel's subscribers on every node; resolves with its stream position. */
  publish(channel: string, data: unknown): Promise<StreamPosition> {
    const rule = this.options.rules(channel)
    if (!rule) throw new Error(`unknown realtime channel ${channel}`)
    return this.options.broker.publish(rule.canonical, JSON.stringify(data), rule.history)
  }

  /** False when no one can be listening (one node, no local subscriber): the publisher may skip the work. */
  mayHaveSubscribers(channel: string): boolean {
    const rule = this.options.rules(channel)
    return !!rule && (this.options.broker.distributed || this.channels.has(rule.canonical))
  }

  /**
   * `settle(channel)` runs when a client subscribes, before the channel's stream is read: a
   * publisher that deferred a channel no one listened to publishes it now, so the reply (a recovery
   * above all) holds the channel's last state. A failure fails the subscribe (the client retries).
   */
  beforeSubscribe(settle: (channel: string) => Promise<void>): void {
    this.settlers.push(settle)
  }

  /** Closes the connections of ended sign-ins, on every node. */
  async endSession(sessionId: string): Promise<void> {
    await this.options.broker.control({ type: 'end_session', sessionId })
  }

  async endUserSessions(userId: string, except: string | null): Promise<void> {
    await this.options.broker.control({ type: 'end_user', userId, except })
  }

  stats() {
    let subscriptions = 0
    for (const c of this.connections) subscriptions += c.subs.size
    return { connections: this.connections.size, subscriptions, channels: this.channels.size }
  }

  /** Takes a new websocket: it must connect within the connect timeout. */
  accept(socket: HubSocket): void {
    const conn = new Connection(socket, this.now(), this.rate.burst)
    if (this.closing) {
      this.close(conn, DISCONNECTS.shutdown)
      return
    }
    this.connections.add(conn)
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.close(conn, DISCONNECTS.badRequest)
      const text = Buffer.isBuffer(data)
        ? data.toString()
        : Array.isArray(data)
          ? Buffer.concat(data).toString()
          : Buffer.from(data).toString()
      conn.queue = conn.queue.then(() => this.onFrame(conn, text))
    })
    socket.on('close', () => this.forget(conn))
    socket.on('error', (err) => this.options.log.debug({ err: err.message }, 'realtime socket error'))
  }

  private async onFrame(conn: Connection, text: string): Promise<void> {
    if (conn.closed) return
    conn.lastSeen = this.now()
    for (const line of text.split('\n')) {
      if (conn.closed) return
      if (line.trim() === '') continue
      let parsed: unknown
      try {
        parsed = JSON.parse(line)
      } catch {
        return this.close(conn, DISCONNECTS.badRequest)
      }
      // The client's pong: an empty object.
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length === 0)
        continue
      const command = commandSchema.safeParse(parsed)
      const method = command.success ? methodOf(command.data) : null
      if (!command.success || !method) return this.close(conn, DISCONNECTS.badRequest)
      if (!this.take(conn)) {
        this.reply(conn, command.data.id, { error: ERRORS.tooManyRequests })
        continue
      }
      if (!conn.connected && method !== 'connect') return this.close(conn, DISCONNECTS.badRequest)
      try {
        await this.run(conn, method, command.data)
      } catch (err) {
        this.options.log.error({ err: (err as Error).message, method }, 'realtime command failed')
        this.reply(conn, command.data.id, { error: ERRORS.internal })
      }
    }
  }

  /** The per-connection rate limit: a token bucket. */
  private take(conn: Connection): boolean {
    const now = this.now()
    conn.tokens = Math.min(
      this.rate.burst,
      conn.tokens + ((now - conn.lastRefill) / 1000) * this.rate.perSecond,
    )
    conn.lastRefill = now
    if (conn.tokens < 1) return false
    conn.tokens -= 1
    return true
  }

  private async run(conn: Connection, method: string, command: Command): Promise<void> {
    const id = command.id
    switch (method) {
      case 'connect':
        return this.connect(conn, id, command.connect!.token)
      case 'refresh':
        return this.refresh(conn, id, command.refresh!.token)
      case 'subscribe':
        return this.subscribe(conn, id, command.subscribe!)
      case 'sub_refresh': {
        const { channel, token } = command.sub_refresh!
        const sub = conn.subs.get(channel)
        if (!sub) return this.reply(conn, id, { error: ERRORS.permissionDenied })
        const error = sub.rule.needsToken ? this.checkSubscriptionToken(conn, channel, token) : null
        return this.reply(conn, id, error ? { error } : { sub_refresh: {} })
      }
      case 'unsubscribe':
        await this.unsubscribe(conn, command.unsubscribe!.channel)
        return this.reply(conn, id, { unsubscribe: {} })
      case 'publish': {
        const { channel, data } = command.publish!
        const rule = this.options.rules(channel)
        if (!rule) return this.reply(conn, id, { error: ERRORS.unknownChannel })
        if (!rule.publish || !conn.subs.has(channel))
          return this.reply(conn, id, { error: ERRORS.permissionDenied })
        await this.options.broker.publish(rule.canonical, JSON.stringify(data ?? null), rule.history)
        return this.reply(conn, id, { publish: {} })
      }
      case 'presence':
      case 'presence_stats': {
        const channel = (command.presence ?? command.presence_stats)!.channel
        const sub = conn.subs.get(channel)
        if (!sub) return this.reply(conn, id, { error: ERRORS.permissionDenied })
        if (!sub.rule.presence) return this.reply(conn, id, { error: ERRORS.notAvailable })
        const members = await this.options.broker.presence(sub.rule.canonical)
        if (method === 'presence_stats') {
          const users = new Set(members.map((m) => m.user))
          return this.reply(conn, id, {
            presence_stats: { num_clients: members.length, num_users: users.size },
          })
        }
        const presence = Object.fromEntries(members.map((m) => [m.client, m]))
        return this.reply(conn, id, { presence: { presence } })
      }
      case 'history': {
        const { channel, limit, since, reverse } = command.history!
        const sub = conn.subs.get(channel)
        if (!sub) return this.reply(conn, id, { error: ERRORS.permissionDenied })
        if (!sub.rule.history) return this.reply(conn, id, { error: ERRORS.notAvailable })
        const result = await this.options.broker.history(sub.rule.canonical, {
          since: since && { offset: since.offset, epoch: since.epoch ?? '' },
          limit: limit === undefined || limit < 0 ? sub.rule.history.size : limit,
          reverse,
        })
        if (since?.epoch && since.epoch !== result.position.epoch) {
          return this.reply(conn, id, { error: { code: 112, message: 'unrecoverable position' } })
        }
        return this.reply(conn, id, {
          history: {
            publications: result.publications.map(decoded),
            epoch: result.position.epoch,
            offset: result.position.offset,
          },
        })
      }
      case 'rpc':
        return this.reply(conn, id, { error: ERRORS.methodNotFound })
      case 'send':
        return
    }
  }

  private async connect(conn: Connection, id: number | undefined, token: string | undefined): Promise<void> {
    if (conn.connected) return this.close(conn, DISCONNECTS.badRequest)
    if (!token) return this.close(conn, DISCONNECTS.invalidToken)
    const check = verifyToken(this.options.key, token, connectionClaims, Math.floor(this.now() / 1000))
    if (!check.ok) {
      if (check.reason === 'expired') return this.reply(conn, id, { error: ERRORS.tokenExpired })
      return this.close(conn, DISCONNECTS.invalidToken)
    }
    const { sub, sid, exp } = check.claims
    if (sub !== '') {
      if (!sid || !(await this.options.sessionLive(sid, sub)))
        return this.close(conn, DISCONNECTS.invalidToken)
    }
    if (conn.closed) return
    conn.user = sub
    conn.sessionId = sub !== '' ? sid! : null
    conn.connected = true
    this.index(this.byUser, sub, conn)
    if (conn.sessionId) this.index(this.bySession, conn.sessionId, conn)
    this.expireAt(conn, exp)
    this.reply(conn, id, {
      connect: {
        client: conn.id,
        version: this.options.version ?? '',
        ping: this.pingSeconds,
        pong: true,
        expires: true,
        ttl: this.ttl(exp),
      },
    })
  }

  private async refresh(conn: Connection, id: number | undefined, token: string): Promise<void> {
    const check = verifyToken(this.options.key, token, connectionClaims, Math.floor(this.now() / 1000))
    if (!check.ok) {
      if (check.reason === 'expired') return this.reply(conn, id, { error: ERRORS.tokenExpired })
      return this.close(conn, DISCONNECTS.invalidToken)
    }
    const { sub, sid, exp } = check.claims
    // The token of another player or sign-in (signed out meanwhile): this connection is over.
    if (sub !== conn.user || (sub !== '' && sid !== conn.sessionId))
      return this.close(conn, DISCONNECTS.invalidToken)
    if (sub !== '' && !(await this.options.sessionLive(sid!, sub)))
      return this.close(conn, DISCONNECTS.sessionEnded)
    this.expireAt(conn, exp)
    this.reply(conn, id, {
      refresh: { client: conn.id, version: this.options.version ?? '', expires: true, ttl: this.ttl(exp) },
    })
  }

  private ttl(exp: number) {
    return Math.max(1, exp - Math.floor(this.now() / 1000))
  }

  /**
   * Without a refresh by the token's expiry (and a grace delay: the client refreshes right at the
   * ttl) the connection ends, and the client reconnects with a new token.
   */
  private expireAt(conn: Connection, exp: number): void {
    conn.expiresAt = exp
    if (conn.expiry) clearTimeout(conn.expiry)
    const due = (exp + EXPIRED_CLOSE_DELAY_SECONDS) * 1000 - this.now()
    conn.expiry = setTimeout(() => this.close(conn, DISCONNECTS.expired), Math.max(0, due))
    conn.expiry.unref()
  }

  private checkSubscriptionToken(
    conn: Connection,
    channel: string,
    token: string | undefined,
  ): ReplyError | null {
    if (!token) return ERRORS.permissionDenied
    const check = verifyToken(this.options.key, token, subscriptionClaims, Math.floor(this.now() / 1000))
    if (!check.ok) return check.reason === 'expired' ? ERRORS.tokenExpired : ERRORS.permissionDenied
    // Bound to the player and the channel, as Centrifugo's are; not to the connection id, which
    // the client doesn't know yet when it resubscribes along with its reconnect.
    const { sub, channel: granted } = check.claims
    if (sub !== conn.user || granted !== channel) return ERRORS.permissionDenied
    return null
  }

  private async subscribe(conn: Connection, id: number | undefined, req: NonNullable<Command['subscribe']>) {
    const { channel } = req
    const rule = this.options.rules(channel)
    if (!rule) return this.reply(conn, id, { error: ERRORS.unknownChannel })
    if (conn.subs.has(channel)) return this.reply(conn, id, { error: ERRORS.alreadySubscribed })
    if (conn.subs.size >= this.maxChannels) return this.reply(conn, id, { error: ERRORS.limitExceeded })
    if (rule.owner !== null) {
      // Only the player's own channels, whatever token is shown.
      if (conn.user === '' || rule.owner !== conn.user)
        return this.reply(conn, id, { error: ERRORS.permissionDenied })
      if (rule.needsToken) {
        const error = this.checkSubscriptionToken(conn, channel, req.token)
        if (error) return this.reply(conn, id, { error })
      }
    }
    // Registered before the stream's position is read: nothing published meanwhile is missed,
    // it waits in `pending` and goes out after the reply if the reply doesn't hold it.
    const sub: Subscription = {
      wire: channel,
      rule,
      joinLeave: req.join_leave === true && rule.presence,
      pending: [],
      boundary: 0,
    }
    conn.subs.set(channel, sub)
    this.addLocal(rule.canonical, channel, conn)
    let boundary = 0
    try {
      for (const settle of this.settlers) await settle(rule.canonical)
      let result: object = {}
      if (rule.history) {
        if (req.recover) {
          const wanted = req.offset ?? 0
          const found = await this.options.broker.history(rule.canonical, {
            since: { offset: wanted, epoch: req.epoch ?? '' },
            limit: RECOVER_MAX,
          })
          const top = found.position
          // An empty epoch is any epoch; another epoch is another stream (history lost meanwhile).
          const sameStream = !req.epoch || req.epoch === top.epoch
          const gap = top.offset - wanted
          const recovered = sameStream && gap >= 0 && gap <= RECOVER_MAX && found.publications.length === gap
          boundary = top.offset
          result = {
            recoverable: true,
            positioned: true,
            epoch: top.epoch,
            offset: top.offset,
            was_recovering: true,
            recovered,
            publications: recovered ? found.publications.map(decoded) : [],
          }
        } else {
          const top = await this.options.broker.position(rule.canonical)
          boundary = top.offset
          result = { recoverable: true, positioned: true, epoch: top.epoch, offset: top.offset }
        }
      }
      if (conn.closed || conn.subs.get(channel) !== sub) return
      this.reply(conn, id, { subscribe: result })
    } catch (err) {
      this.dropSub(conn, sub)
      throw err
    }
    const pending = sub.pending ?? []
    sub.pending = null
    sub.boundary = boundary
    for (const p of pending) if (p.offset === 0 || p.offset > boundary) this.send(conn, p.frame)
    if (rule.presence) {
      await this.options.broker.addPresence(
        rule.canonical,
        conn.info(),
        this.pingSeconds * PRESENCE_TTL_FACTOR,
      )
      await this.options.broker.control({ type: 'join', channel: rule.canonical, info: conn.info() })
    }
  }

  private async unsubscribe(conn: Connection, channel: string): Promise<void> {
    const sub = conn.subs.get(channel)
    if (!sub) return
    this.dropSub(conn, sub)
    await this.leave(conn, sub)
  }

  private async leave(conn: Connection, sub: Subscription): Promise<void> {
    if (!sub.rule.presence) return
    await this.options.broker.removePresence(sub.rule.canonical, conn.id)
    await this.options.broker.control({ type: 'leave', channel: sub.rule.canonical, info: conn.info() })
  }

  private dropSub(conn: Connection, sub: Subscription): void {
    conn.subs.delete(sub.wire)
    const byWire = this.channels.get(sub.rule.canonical)
    const set = byWire?.get(sub.wire)
    set?.delete(conn)
    if (set?.size === 0) byWire!.delete(sub.wire)
    if (byWire?.size === 0) this.channels.delete(sub.rule.canonical)
  }

  private addLocal(canonical: string, wire: string, conn: Connection): void {
    let byWire = this.channels.get(canonical)
    if (!byWire) this.channels.set(canonical, (byWire = new Map<string, Set<Connection>>()))
    let set = byWire.get(wire)
    if (!set) byWire.set(wire, (set = new Set()))
    set.add(conn)
  }

  private index(map: Map<string, Set<Connection>>, key: string, conn: Connection): void {
    let set = map.get(key)
    if (!set) map.set(key, (set = new Set<Connection>()))
    set.add(conn)
  }

  private unindex(map: Map<string, Set<Connection>>, key: string, conn: Connection): void {
    const set = map.get(key)
    set?.delete(conn)
    if (set?.size === 0) map.delete(key)
  }

  /**
   * A publication from the broker to this node's subscribers: encoded once per channel name, then
   * sent in order through the outbox, a few thousand sends per tick.
   */
  private deliver(p: Publication): void {
    const byWire = this.channels.get(p.channel)
    if (!byWire) return
    for (const [wire, conns] of byWire) {
      this.outbox.push({
        wire,
        frame: publicationFrame(wire, p.data, p.offset),
        offset: p.offset,
        conns: [...conns],
        next: 0,
      })
    }
    if (!this.pumping) this.pump()
  }

  private pump(): void {
    this.pumping = true
    let budget = SENDS_PER_TICK
    while (this.outbox.length && budget > 0) {
      const d = this.outbox[0]!
      while (d.next < d.conns.length && budget > 0) {
        const conn = d.conns[d.next++]!
        budget--
        const sub = conn.subs.get(d.wire)
        if (!sub) continue
        if (sub.pending) sub.pending.push({ frame: d.frame, offset: d.offset })
        // Not what its subscribe reply held already.
        else if (d.offset === 0 || d.offset > sub.boundary) this.send(conn, d.frame)
      }
      if (d.next === d.conns.length) this.outbox.shift()
    }
    if (this.outbox.length) setImmediate(() => this.pump())
    else this.pumping = false
  }

  private onControl(message: ControlMessage): void {
    switch (message.type) {
      case 'end_session':
        for (const conn of [...(this.bySession.get(message.sessionId) ?? [])]) {
          this.close(conn, DISCONNECTS.sessionEnded)
        }
        return
      case 'end_user':
        for (const conn of [...(this.byUser.get(message.userId) ?? [])]) {
          if (conn.sessionId !== message.except) this.close(conn, DISCONNECTS.sessionEnded)
        }
        return
      case 'join':
      case 'leave': {
        const byWire = this.channels.get(message.channel)
        if (!byWire) return
        for (const [wire, conns] of byWire) {
          const frame = Buffer.from(
            frameOf({ push: { channel: wire, [message.type]: { info: message.info } } }),
          )
          for (const conn of conns) {
            const sub = conn.subs.get(wire)
            if (sub?.joinLeave && !sub.pending && conn.id !== message.info.client) this.send(conn, frame)
          }
        }
      }
    }
  }

  private reply(conn: Connection, id: number | undefined, body: object): void {
    if (id === undefined) return
    this.send(conn, Buffer.from(frameOf({ id, ...body })))
  }

  private send(conn: Connection, frame: Buffer): void {
    if (conn.closed) return
    if (conn.socket.bufferedAmount > this.maxBuffered) return this.close(conn, DISCONNECTS.slow)
    conn.socket.send(frame, { binary: false })
  }

  /** Ends a connection with a close code and the reason as the client reads it. */
  private close(conn: Connection, disconnect: Disconnect): void {
    if (conn.closed) return
    conn.closed = true
    const reason = JSON.stringify({ reason: disconnect.reason, reconnect: disconnect.reconnect })
    try {
      conn.socket.close(disconnect.code, reason)
    } catch {
      conn.socket.terminate()
    }
    this.forget(conn)
  }

  private forget(conn: Connection): void {
    conn.closed = true
    if (!this.connections.delete(conn)) return
    if (conn.expiry) clearTimeout(conn.expiry)
    if (conn.connected) {
      this.unindex(this.byUser, conn.user, conn)
      if (conn.sessionId) this.unindex(this.bySession, conn.sessionId, conn)
    }
    for (const sub of [...conn.subs.values()]) {
      this.dropSub(conn, sub)
      this.leave(conn, sub).catch((err: unknown) =>
        this.options.log.warn({ err: (err as Error).message }, 'realtime presence cleanup failed'),
      )
    }
  }

  /** Every ping interval: ping, drop the silent and the never-connected, keep presence fresh. */
  private tick(): void {
    const now = this.now()
    const ping = Buffer.from('{}')
    const silentFor = (this.pingSeconds * 2 + 10) * 1000
    for (const conn of [...this.connections]) {
      if (!conn.connected) {
        if (now - conn.lastSeen > this.connectTimeoutMs) this.close(conn, DISCONNECTS.stale)
        continue
      }
      if (now - conn.lastSeen > silentFor) {
        this.close(conn, DISCONNECTS.noPong)
        continue
      }
      this.send(conn, ping)
      for (const sub of conn.subs.values()) {
        if (!sub.rule.presence || sub.pending) continue
        this.options.broker
          .addPresence(sub.rule.canonical, conn.info(), this.pingSeconds * PRESENCE_TTL_FACTOR)
          .catch((err: unknown) =>
            this.options.log.warn({ err: (err as Error).message }, 'realtime presence refresh failed'),
          )
      }
    }
  }

  /** Shutdown: every client is told to reconnect (to another node), then the broker closes. */
  async shutdown(): Promise<void> {
    this.closing = true
    if (this.ticker) clearInterval(this.ticker)
    const sockets = [...this.connections].map((c) => c.socket)
    for (const conn of [...this.connections]) this.close(conn, DISCONNECTS.shutdown)
    await Promise.race([
      Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve) =>
              s.readyState === SOCKET_CLOSED ? resolve() : s.once('close', () => resolve()),
            ),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
    ])
    for (const s of sockets) if (s.readyState !== SOCKET_CLOSED) s.terminate()
    await this.options.broker.close()
  }
}
