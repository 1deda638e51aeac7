import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryBroker } from './broker.ts'
import type { ChannelRules } from './channels.ts'
import { Hub, type HubSocket } from './hub.ts'
import { signToken } from './tokens.ts'

/** A websocket in memory: what the hub sends is collected; `command` plays the client. */
class FakeSocket extends EventEmitter implements HubSocket {
  bufferedAmount = 0
  readyState = 1
  sent: Array<Record<string, unknown>> = []
  closedWith: { code: number; reason: string } | null = null

  send(data: Buffer): void {
    this.sent.push(JSON.parse(data.toString()) as Record<string, unknown>)
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason }
    this.readyState = 3
    this.emit('close')
  }
  terminate(): void {
    this.close(1006, '')
  }
  command(body: object): void {
    this.emit('message', Buffer.from(JSON.stringify(body)), false)
  }
}

const KEY = 'hub-rules-test-key'
const quiet = { error() {}, warn() {}, info() {}, debug() {} }
const hubs: Hub[] = []
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.shutdown()
})

/** A hub with a chat-like channel where members may publish, and presence with join and leave. */
async function hubWith(rules: ChannelRules) {
  const hub = new Hub({
    key: KEY,
    broker: new MemoryBroker(),
    rules,
    log: quiet,
    sessionLive: async () => true,
  })
  await hub.start()
  hubs.push(hub)
  return hub
}

const room: ChannelRules = (channel) =>
  channel === 'room:lobby'
    ? {
        canonical: channel,
        owner: null,
        needsToken: false,
        history: { size: 10, ttlSeconds: 60 },
        presence: true,
        publish: true,
      }
    : null

async function connected(hub: Hub, user: string) {
  const socket = new FakeSocket()
  hub.accept(socket)
  const exp = Math.floor(Date.now() / 1000) + 60
  socket.command({ id: 1, connect: { token: signToken(KEY, { sub: user, sid: `s-${user}`, iat: 0, exp }) } })
  await until(() => socket.sent.length === 1)
  return socket
}

async function until(check: () => boolean) {
  const end = Date.now() + 2_000
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('hub rules beyond the casino’s channels', () => {
  it('lets members publish where a channel allows it, with join and leave pushes', async () => {
    const hub = await hubWith(room)
    const ann = await connected(hub, '1')
    const bob = await connected(hub, '2')
    ann.command({ id: 2, subscribe: { channel: 'room:lobby', join_leave: true } })
    await until(() => ann.sent.length === 2)
    bob.command({ id: 2, subscribe: { channel: 'room:lobby', join_leave: true } })
    await until(() => ann.sent.some((m) => (m.push as { join?: unknown } | undefined)?.join))
    bob.command({ id: 3, publish: { channel: 'room:lobby', data: { text: 'hi' } } })
    await until(() => ann.sent.some((m) => (m.push as { pub?: unknown } | undefined)?.pub))
    expect(bob.sent.find((m) => m.id === 3)).toEqual({ id: 3, publish: {} })
    expect(ann.sent.find((m) => (m.push as { pub?: unknown } | undefined)?.pub)).toEqual({
      push: { channel: 'room:lobby', pub: { data: { text: 'hi' }, offset: 1 } },
    })
    // Not subscribed: no publishing there.
    const eve = await connected(hub, '3')
    eve.command({ id: 2, publish: { channel: 'room:lobby', data: { text: 'spam' } } })
    await until(() => eve.sent.length === 2)
    expect(eve.sent[1]).toMatchObject({ id: 2, error: { code: 103 } })
    // Bob leaves: Ann is told.
    bob.close(1000, '')
    await until(() => ann.sent.some((m) => (m.push as { leave?: unknown } | undefined)?.leave))
    expect(hub.stats()).toMatchObject({ connections: 2, subscriptions: 1 })
  })

  it('answers unknown channels, double subscriptions and unknown rpc methods with their errors', async () => {
    const hub = await hubWith(room)
    const ann = await connected(hub, '1')
    ann.command({ id: 2, subscribe: { channel: 'nowhere' } })
    ann.command({ id: 3, subscribe: { channel: 'room:lobby' } })
    ann.command({ id: 4, subscribe: { channel: 'room:lobby' } })
    ann.command({ id: 5, rpc: { method: 'anything' } })
    await until(() => ann.sent.length === 5)
    expect(ann.sent.slice(1).map((m) => (m.error as { code?: number } | undefined)?.code ?? 0)).toEqual([
      102, 0, 105, 104,
    ])
  })

  it('sends a publication to thousands in order, yielding between batches', async () => {
    const hub = await hubWith(room)
    const sockets = await Promise.all(Array.from({ length: 4_500 }, (_, i) => connected(hub, String(i + 1))))
    for (const socket of sockets) socket.command({ id: 2, subscribe: { channel: 'room:lobby' } })
    await until(() => sockets.every((s) => s.sent.length === 2))
    const pubs = (s: FakeSocket) =>
      s.sent.flatMap((m) => {
        const pub = (m.push as { pub?: { data: { n: number } } } | undefined)?.pub
        return pub ? [pub.data.n] : []
      })
    let sentBeforeYield = -1
    setImmediate(() => (sentBeforeYield = sockets.filter((s) => pubs(s).length > 0).length))
    await hub.publish('room:lobby', { n: 1 })
    await hub.publish('room:lobby', { n: 2 })
    await until(() => sockets.every((s) => pubs(s).length === 2))
    expect(sockets.every((s) => pubs(s).join() === '1,2')).toBe(true)
    // Other work ran between the batches: not all 4,500 had the first one at the first yield.
    expect(sentBeforeYield).toBeGreaterThan(0)
    expect(sentBeforeYield).toBeLessThan(4_500)
  })

  it('closes a connection that never connects, and one that stops answering pings', async () => {
    let now = Date.now()
    const hub = new Hub({
      key: KEY,
      broker: new MemoryBroker(),
      rules: room,
      log: quiet,
      sessionLive: async () => true,
      pingSeconds: 1,
      now: () => now,
    })
    await hub.start()
    hubs.push(hub)
    const silent = new FakeSocket()
    hub.accept(silent)
    const ann = await connected(hub, '1')
    now += 13_000 // past the connect timeout (10 s) and two ping intervals plus 10 s
    await until(() => silent.closedWith !== null && ann.closedWith !== null)
    expect(silent.closedWith?.code).toBe(3502)
    expect(ann.closedWith?.code).toBe(3012)
  })
})
