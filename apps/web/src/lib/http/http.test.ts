import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient, deriveShared, type Transport } from './client.ts'
import { HttpError, MESSAGES, isRetryable } from './errors.ts'
import { BROWSER_RETRY, retryDelay, withRetry } from './retry.ts'

afterEach(() => {
  vi.useRealTimers()
})

const ok = (body: unknown, status = 200) => ({
  status,
  statusText: 'OK',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const config = { method: 'GET', url: '/x', headers: {}, timeoutMs: 30_000 }

describe('retry policy (spec §7)', () => {
  it('waits 100 ms doubled each try plus up to 20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => retryDelay(a, BROWSER_RETRY, () => 0))).toEqual([
      100, 200, 400, 800, 1600, 3200,
    ])
    expect(retryDelay(0, BROWSER_RETRY, () => 1)).toBe(120)
    expect(retryDelay(3, BROWSER_RETRY, () => 0.5)).toBe(880)
  })

  it('retries network errors and timeouts up to 6 times, with real timers faked', async () => {
    vi.useFakeTimers()
    let calls = 0
    const attempt = () => {
      calls++
      return Promise.reject(new HttpError(MESSAGES.network, config))
    }
    const result = withRetry(attempt, BROWSER_RETRY, undefined, () => 0)
    const assertion = expect(result).rejects.toThrow('Network Error')
    // 100 + 200 + 400 + 800 + 1600 + 3200 ms of backoff.
    await vi.advanceTimersByTimeAsync(6_299)
    expect(calls).toBe(6)
    await vi.advanceTimersByTimeAsync(1)
    await assertion
    expect(calls).toBe(7)
  })

  it('stops as soon as a try succeeds', async () => {
    vi.useFakeTimers()
    let calls = 0
    const result = withRetry(
      () =>
        ++calls < 3
          ? Promise.reject(new HttpError(MESSAGES.timeout(30_000), config))
          : Promise.resolve('done'),
      BROWSER_RETRY,
      undefined,
      () => 0,
    )
    await vi.advanceTimersByTimeAsync(300)
    await expect(result).resolves.toBe('done')
    expect(calls).toBe(3)
  })

  it('does not retry HTTP errors or aborts', () => {
    expect(isRetryable(new HttpError(MESSAGES.network, config))).toBe(true)
    expect(isRetryable(new HttpError('timeout of 1ms exceeded', config))).toBe(true)
    expect(isRetryable(new HttpError(MESSAGES.aborted, config))).toBe(false)
    expect(
      isRetryable(
        new HttpError(MESSAGES.status(500), config, { status: 500, statusText: '', data: null, headers: {} }),
      ),
    ).toBe(false)
  })
})

describe('http client', () => {
  it('sends the default headers and JSON, parses JSON, text and empty bodies', async () => {
    const seen: Array<{ headers: Record<string, string>; body: unknown; url: string }> = []
    const transport: Transport = async (c) => {
      seen.push({ headers: c.headers, body: c.body, url: c.url })
      if (c.url.startsWith('/text')) return { status: 200, statusText: 'OK', headers: {}, body: 'plain' }
      if (c.url.startsWith('/empty')) return { status: 204, statusText: 'No Content', headers: {}, body: '' }
      return ok({ a: 1 })
    }
    const http = createHttpClient({ baseUrl: '', transport, timeoutMs: 1000 })
    expect(await http.post('/json', { x: 1 }, { query: { l: 'de', skip: undefined } })).toEqual({ a: 1 })
    expect(seen[0]).toMatchObject({ url: '/json?l=de', body: '{"x":1}' })
    expect(seen[0]!.headers).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    })
    expect(await http.get('/text')).toBe('plain')
    expect(await http.get('/empty')).toBeNull()
  })

  it('rejects non-2xx with the spec message and the response, and calls the 401 hook', async () => {
    const onUnauthorized = vi.fn()
    const http = createHttpClient({
      baseUrl: '',
      transport: async (c) => ok({ code: 'x' }, c.url === '/me' ? 401 : 422),
      timeoutMs: 1000,
      onUnauthorized,
    })
    await expect(http.get('/thing')).rejects.toMatchObject({
      message: 'Request failed with status code 422',
      response: { status: 422, data: { code: 'x' } },
    })
    expect(onUnauthorized).not.toHaveBeenCalled()
    await expect(http.get('/me')).rejects.toBeInstanceOf(HttpError)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    // A guest's profile probe expects the 401.
    await expect(http.get('/me', { allowUnauthorized: true })).rejects.toBeInstanceOf(HttpError)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('retries a request whose transport fails with a network error, each try with a fresh timeout', async () => {
    vi.useFakeTimers()
    let calls = 0
    const timeouts: number[] = []
    const http = createHttpClient({
      baseUrl: '',
      transport: async (c) => {
        timeouts.push(c.timeoutMs)
        if (++calls < 3) throw new HttpError(MESSAGES.network, c)
        return ok([1])
      },
      timeoutMs: 30_000,
      retry: { ...BROWSER_RETRY, jitter: 0 },
    })
    const result = http.get('/flaky')
    await vi.advanceTimersByTimeAsync(300)
    await expect(result).resolves.toEqual([1])
    expect(timeouts).toEqual([30_000, 30_000, 30_000])
  })
})

describe('shared answers (the server cache of public and guest data)', () => {
  it('are parsed once, frozen, and handed to every request that gets the same answer', async () => {
    const answer = { ...ok({ list: [{ id: 1 }] }), shared: true }
    const http = createHttpClient({ baseUrl: '', transport: () => Promise.resolve(answer), timeoutMs: 1000 })
    const first = await http.get<{ list: Array<{ id: number }> }>('/a')
    const second = await http.get<{ list: Array<{ id: number }> }>('/b')
    expect(second).toBe(first)
    expect(first).toEqual({ list: [{ id: 1 }] })
    expect(Object.isFrozen(first.list[0])).toBe(true)
    expect(() => first.list.push({ id: 2 })).toThrow(TypeError)
    // A failed shared answer carries the same parsed body.
    const refused = { ...ok({ code: 'unauthorized' }, 401), shared: true }
    const client = createHttpClient({
      baseUrl: '',
      transport: () => Promise.resolve(refused),
      timeoutMs: 1000,
    })
    const refusal = () =>
      client.get('/p').then(
        () => undefined,
        (e: unknown) => (e instanceof HttpError ? e.response?.data : e),
      )
    const [a, b] = await Promise.all([refusal(), refusal()])
    expect(a).toEqual({ code: 'unauthorized' })
    expect(b).toBe(a)
  })

  it('are parsed again for every other answer, as their own copies', async () => {
    const http = createHttpClient({
      baseUrl: '',
      transport: () => Promise.resolve(ok({ n: 1 })),
      timeoutMs: 1000,
    })
    const [a, b] = [await http.get<{ n: number }>('/a'), await http.get<{ n: number }>('/a')]
    expect(a).not.toBe(b)
    expect(Object.isFrozen(a)).toBe(false)
  })
})

describe('deriveShared', () => {
  const count = vi.fn()
  const double = (value: { list: number[] }) => {
    count()
    return { list: value.list.map((n) => n * 2) }
  }

  it('derives a shared answer once, frozen; an answer of its own on every call', async () => {
    const answer = { ...ok({ list: [1, 2] }), shared: true }
    const http = createHttpClient({ baseUrl: '', transport: () => Promise.resolve(answer), timeoutMs: 1000 })
    const shared = await http.get<{ list: number[] }>('/a')
    const first = deriveShared(shared, double)
    expect(deriveShared(await http.get<{ list: number[] }>('/a'), double)).toBe(first)
    expect(first).toEqual({ list: [2, 4] })
    expect(Object.isFrozen(first.list)).toBe(true)
    expect(count).toHaveBeenCalledTimes(1)
    const own = { list: [1] }
    const a = deriveShared(own, double)
    expect(deriveShared(own, double)).not.toBe(a)
    expect(Object.isFrozen(a)).toBe(false)
    expect(count).toHaveBeenCalledTimes(3)
  })
})
