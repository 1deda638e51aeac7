import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HttpClient } from '../http/client.ts'
import { RealtimeHub, type ConnectionModule } from './hub.ts'
import type { RealtimeConnection } from './connection.ts'

function setup(load?: () => Promise<ConnectionModule>) {
  const connection = { start: vi.fn(async () => undefined), stop: vi.fn(), call: vi.fn() }
  const createRealtimeConnection = vi.fn(() => connection as unknown as RealtimeConnection)
  const loader = vi.fn(load ?? (async () => ({ createRealtimeConnection })))
  const logs: string[] = []
  const hub = new RealtimeHub({
    http: {} as HttpClient,
    logger: { log: (_level, label) => logs.push(label) },
    load: loader,
  })
  return { hub, connection, loader, createRealtimeConnection, logs }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the realtime hub service', () => {
  it('never connects during server rendering', async () => {
    const { hub, loader } = setup()
    hub.connect('')
    await Promise.resolve()
    expect(loader).not.toHaveBeenCalled()
    expect(hub.store.get().status).toBe('idle')
  })

  it('loads the connection chunk once, and starts again only for another visitor', async () => {
    vi.stubGlobal('window', {})
    const { hub, connection, loader, createRealtimeConnection } = setup()
    hub.connect('')
    hub.connect('')
    await vi.waitFor(() => expect(connection.start).toHaveBeenCalledTimes(1))
    hub.connect('42')
    await vi.waitFor(() => expect(connection.start).toHaveBeenCalledTimes(2))
    hub.connect('42')
    await Promise.resolve()
    expect(connection.start).toHaveBeenCalledTimes(2)
    expect(loader).toHaveBeenCalledTimes(1)
    expect(createRealtimeConnection).toHaveBeenCalledWith(
      expect.objectContaining({ events: hub.events, store: hub.store }),
    )
  })

  it('logs a chunk that fails to load and tries it again on the next connect', async () => {
    vi.stubGlobal('window', {})
    let fail = true
    const { hub, loader, logs, connection, createRealtimeConnection } = setup(async () => {
      if (fail) throw new Error('offline')
      return { createRealtimeConnection }
    })
    hub.connect('')
    await vi.waitFor(() => expect(logs).toEqual(['REALTIME_ERROR']))
    fail = false
    hub.connect('')
    await vi.waitFor(() => expect(connection.start).toHaveBeenCalledTimes(1))
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it("answers a call before any connection with 'disconnected', advice 'retry'", () => {
    const { hub } = setup()
    const errback = vi.fn()
    hub.call({ method: 'presence', params: { channel: 'balance#1' } }, vi.fn(), errback)
    expect(errback).toHaveBeenCalledWith({
      method: 'presence',
      params: { channel: 'balance#1' },
      error: 'disconnected',
      advice: 'retry',
    })
  })

  it('re-emits to every listener even when one fails', () => {
    const { hub } = setup()
    const got: unknown[] = []
    const errors: unknown[] = []
    hub.events.on('websocket.wins', () => {
      throw new Error('bad listener')
    })
    const off = hub.events.on('websocket.wins', (w) => got.push(w))
    hub.events.emit('websocket.wins', { nickname: 'a' } as never, (e) => errors.push(e))
    off()
    hub.events.emit('websocket.wins', { nickname: 'b' } as never)
    expect(got).toEqual([{ nickname: 'a' }])
    expect(errors).toHaveLength(1)
  })
})
