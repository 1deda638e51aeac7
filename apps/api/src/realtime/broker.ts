import crypto from 'node:crypto'

/** Where a channel's stream is: the offset of its last publication and the stream's epoch. */
export interface StreamPosition {
  offset: number
  epoch: string
}

/** A publication as brokers carry it: the data already encoded as JSON. */
export interface Publication {
  channel: string
  /** The data as a JSON text, encoded once by the publisher. */
  data: string
  /** 0 for a channel without history. */
  offset: number
  epoch: string
}

/** How long and how much of a channel's stream is kept for recovery after a reconnect. */
export interface HistoryPolicy {
  size: number
  ttlSeconds: number
}

/** Hub-to-hub messages: what every node must act on (sign-outs, join and leave). */
export type ControlMessage =
  | { type: 'end_session'; sessionId: string }
  | { type: 'end_user'; userId: string; except: string | null }
  | { type: 'join' | 'leave'; channel: string; info: ClientInfo }

export interface ClientInfo {
  client: string
  user: string
}

export interface HistoryQuery {
  since?: StreamPosition
  limit: number
  reverse?: boolean
}

export interface HistoryResult {
  publications: Array<{ data: string; offset: number }>
  position: StreamPosition
}

export interface BrokerHandlers {
  publication(publication: Publication): void
  control(message: ControlMessage): void
}

/**
 * What connects the hubs of every api node (docs/realtime.md): publications with their history
 * (offset and epoch, so a client recovers what it missed), presence, and control messages. The
 * in-process broker serves one node; the Redis broker (`REDIS_URL`) serves many.
 */
export interface Broker {
  /** True when other nodes' clients may be subscribed (a node can't tell then who listens). */
  readonly distributed: boolean
  start(handlers: BrokerHandlers): Promise<void>
  publish(channel: string, data: string, history: HistoryPolicy | null): Promise<StreamPosition>
  /** The stream's top, created (with a new epoch) if it doesn't exist. */
  position(channel: string): Promise<StreamPosition>
  history(channel: string, query: HistoryQuery): Promise<HistoryResult>
  control(message: ControlMessage): Promise<void>
  addPresence(channel: string, info: ClientInfo, ttlSeconds: number): Promise<void>
  removePresence(channel: string, client: string): Promise<void>
  presence(channel: string): Promise<ClientInfo[]>
  close(): Promise<void>
}

export const newEpoch = () => crypto.randomBytes(6).toString('base64url')

interface Stream {
  epoch: string
  top: number
  pubs: Array<{ data: string; offset: number }>
  /** Publications are dropped this long after the last one; the position lives longer. */
  pubsUntil: number
  until: number
}

/** A stream's position outlives its publications, so a late reconnect learns it missed some. */
const POSITION_TTL_MS = 24 * 3_600_000

/** Publications after `since`, as a recovery needs them: all of them, or none when some are gone. */
export function recoverFrom(
  pubs: Array<{ data: string; offset: number }>,
  position: StreamPosition,
  query: HistoryQuery,
): HistoryResult {
  let selected = pubs
  if (query.since) {
    const after = query.since.offset
    selected = pubs.filter((p) => p.offset > after)
  }
  if (query.reverse) selected = [...selected].reverse()
  if (query.limit >= 0) selected = selected.slice(0, query.limit)
  return { publications: selected, position }
}

/** One node: streams, presence and delivery in memory (the default without `REDIS_URL`). */
export class MemoryBroker implements Broker {
  readonly distributed = false
  private handlers: BrokerHandlers | null = null
  private streams = new Map<string, Stream>()
  private presences = new Map<string, Map<string, { info: ClientInfo; until: number }>>()
  private sweeper: NodeJS.Timeout | null = null

  constructor(private now: () => number = Date.now) {}

  async start(handlers: BrokerHandlers): Promise<void> {
    this.handlers = handlers
    this.sweeper = setInterval(() => this.sweep(), 60_000)
    this.sweeper.unref()
  }

  private stream(channel: string): Stream {
    const now = this.now()
    let stream = this.streams.get(channel)
    if (!stream || stream.until <= now) {
      stream = { epoch: newEpoch(), top: 0, pubs: [], pubsUntil: 0, until: now + POSITION_TTL_MS }
      this.streams.set(channel, stream)
    }
    if (stream.pubsUntil <= now) stream.pubs = []
    return stream
  }

  async publish(channel: string, data: string, history: HistoryPolicy | null): Promise<StreamPosition> {
    let position: StreamPosition = { offset: 0, epoch: '' }
    if (history) {
      const now = this.now()
      const stream = this.stream(channel)
      stream.top += 1
      stream.pubs.push({ data, offset: stream.top })
      if (stream.pubs.length > history.size) stream.pubs.splice(0, stream.pubs.length - history.size)
      stream.pubsUntil = now + history.ttlSeconds * 1000
      stream.until = now + POSITION_TTL_MS
      position = { offset: stream.top, epoch: stream.epoch }
    }
    this.handlers?.publication({ channel, data, ...position })
    return position
  }

  async position(channel: string): Promise<StreamPosition> {
    const stream = this.stream(channel)
    return { offset: stream.top, epoch: stream.epoch }
  }

  async history(channel: string, query: HistoryQuery): Promise<HistoryResult> {
    const stream = this.stream(channel)
    return recoverFrom(stream.pubs, { offset: stream.top, epoch: stream.epoch }, query)
  }

  async control(message: ControlMessage): Promise<void> {
    this.handlers?.control(message)
  }

  async addPresence(channel: string, info: ClientInfo, ttlSeconds: number): Promise<void> {
    let members = this.presences.get(channel)
    if (!members)
      this.presences.set(channel, (members = new Map<string, { info: ClientInfo; until: number }>()))
    members.set(info.client, { info, until: this.now() + ttlSeconds * 1000 })
  }

  async removePresence(channel: string, client: string): Promise<void> {
    const members = this.presences.get(channel)
    members?.delete(client)
    if (members?.size === 0) this.presences.delete(channel)
  }

  async presence(channel: string): Promise<ClientInfo[]> {
    const now = this.now()
    return [...(this.presences.get(channel)?.values() ?? [])].filter((m) => m.until > now).map((m) => m.info)
  }

  /** Forgets expired streams and presence entries. */
  sweep(): void {
    const now = this.now()
    for (const [channel, stream] of this.streams) {
      if (stream.until <= now) this.streams.delete(channel)
      else if (stream.pubsUntil <= now) stream.pubs = []
    }
    for (const [channel, members] of this.presences) {
      for (const [client, member] of members) if (member.until <= now) members.delete(client)
      if (members.size === 0) this.presences.delete(channel)
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper)
    this.handlers = null
  }
}
