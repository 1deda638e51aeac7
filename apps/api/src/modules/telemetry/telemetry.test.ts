import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClock } from '@aurum/db'
import { count, createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
const clock = testClock()
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock })
})
afterAll(() => ctx.close())

const record = {
  label: 'LOAD_PLAYER_ERROR',
  level_name: 'ERROR',
  remote_addr: '203.0.113.9',
  datetime: '2026-11-21T10:00:00.000Z',
  type: 'client',
  rid: 'abc',
  message: 'HTTP 500: Internal Server Error',
  http_status: 500,
  context: { route: '/users' },
}

describe('client telemetry', () => {
  it('stores a log record with the address we saw, not the one claimed', async () => {
    const before = await count(ctx.db, 'client_events')
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/log',
      payload: record,
      remoteAddress: '198.51.100.7',
    })
    expect(res.statusCode).toBe(204)
    expect(await count(ctx.db, 'client_events')).toBe(before + 1)
    const [row] = await ctx.db.query<{ kind: string; payload: { remote_addr: string; label: string } }>(
      'SELECT kind, payload FROM client_events ORDER BY id DESC LIMIT 1',
    )
    expect(row).toMatchObject({
      kind: 'log',
      payload: { label: 'LOAD_PLAYER_ERROR', remote_addr: '198.51.100.7' },
    })
  })

  it('stores performance and network records', async () => {
    const perf = await ctx.app.inject({
      method: 'PUT',
      url: '/performance',
      payload: {
        path: '/',
        ttfb: 120,
        dom_interactive: 400,
        dom_content_loaded: 420,
        load: 900,
        first_contentful_paint: 350,
      },
    })
    expect(perf.statusCode).toBe(204)
    const net = await ctx.app.inject({
      method: 'PUT',
      url: '/network-performance',
      payload: { rtt: 50, downlink: 10, effectiveType: '4g' },
    })
    expect(net.statusCode).toBe(204)
    const kinds = (await ctx.db.query<{ kind: string }>('SELECT DISTINCT kind FROM client_events'))
      .map((r) => r.kind)
      .sort()
    expect(kinds).toEqual(['log', 'network', 'performance'])
  })

  it.each([
    ['a body that is not JSON', { 'content-type': 'application/json' }, '{"label":', 400],
    [
      'a wrong type',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...record, http_status: 'five hundred' }),
      400,
    ],
    [
      'an unknown level',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...record, level_name: 'DEBUG' }),
      422,
    ],
    [
      'a missing field',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...record, message: undefined }),
      422,
    ],
    [
      'a bad date',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...record, datetime: 'yesterday' }),
      422,
    ],
    [
      'an unknown field',
      { 'content-type': 'application/json' },
      JSON.stringify({ ...record, extra: 1 }),
      422,
    ],
    ['an array body', { 'content-type': 'application/json' }, '[]', 400],
  ])('refuses %s with nothing written', async (_name, headers, payload, status) => {
    const before = await count(ctx.db, 'client_events')
    const res = await ctx.app.inject({ method: 'PUT', url: '/log', headers, payload })
    expect(res.statusCode).toBe(status)
    expect(res.json().code).toBe(status === 400 ? 'malformed_request' : 'validation_failed')
    expect(await count(ctx.db, 'client_events')).toBe(before)
  })

  it('names the failing fields in the request language', async () => {
    const payload = { ...record, level_name: 'DEBUG', message: undefined }
    const en = await ctx.app.inject({
      method: 'PUT',
      url: '/log',
      payload,
      headers: { 'accept-language': 'en' },
    })
    expect(Object.keys(en.json().errors).sort()).toEqual(['level_name', 'message'])
    expect(en.json().errors.message[0]).toBe('Message is required.')
    const de = await ctx.app.inject({
      method: 'PUT',
      url: '/log',
      payload,
      headers: { 'accept-language': 'de' },
    })
    expect(de.json().errors.message[0]).not.toBe('Message is required.')
  })

  it('refuses an oversized body with 413 and nothing written', async () => {
    const before = await count(ctx.db, 'client_events')
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/log',
      payload: { ...record, message: 'x'.repeat(20_000) },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('payload_too_large')
    expect(await count(ctx.db, 'client_events')).toBe(before)
  })

  it('refuses out-of-range performance values', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/performance',
      payload: { path: '/', ttfb: -1, dom_interactive: 1, dom_content_loaded: 1, load: 1 },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.ttfb).toBeDefined()
    const net = await ctx.app.inject({
      method: 'PUT',
      url: '/network-performance',
      payload: { rtt: 1, downlink: 1, effectiveType: '5g' },
    })
    expect(net.statusCode).toBe(422)
  })

  it('prunes records older than the retention period', async () => {
    const log = () => ctx.app.inject({ method: 'PUT', url: '/log', payload: record })
    expect((await log()).statusCode).toBe(204)
    const old = await count(ctx.db, 'client_events')
    // 30 days are kept: 29 days on nothing goes; 31 days on every record so far does, a new one not.
    clock.advance(29 * 86_400_000)
    expect(await ctx.app.services.telemetry.prune()).toBe(0)
    clock.advance(2 * 86_400_000)
    expect((await log()).statusCode).toBe(204)
    expect(await ctx.app.services.telemetry.prune()).toBe(old)
    expect(await count(ctx.db, 'client_events')).toBe(1)
  })
})
