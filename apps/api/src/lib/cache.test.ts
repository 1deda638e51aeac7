import { describe, expect, it } from 'vitest'
import { ExpiringCache } from './cache.ts'

/** A load that resolves when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('ExpiringCache', () => {
  it('keeps a value for its time to live, then loads again', async () => {
    let now = 0
    const cache = new ExpiringCache<string>(1_000, 10, () => now)
    let loads = 0
    const load = async () => `v${++loads}`
    expect(await cache.get('a', load)).toBe('v1')
    now = 999
    expect(await cache.get('a', load)).toBe('v1')
    now = 1_000
    expect(await cache.get('a', load)).toBe('v2')
  })

  it('drops the keys under the prefixes named, or every key', async () => {
    const cache = new ExpiringCache<string>(60_000, 10)
    let loads = 0
    const load = async () => `v${++loads}`
    for (const key of ['page:a:en', 'page:a:de', 'page:ab:en', 'pages:en']) await cache.get(key, load)
    cache.drop(['page:a:'])
    expect(await cache.get('page:a:en', load)).toBe('v5')
    expect(await cache.get('page:a:de', load)).toBe('v6')
    expect(await cache.get('page:ab:en', load)).toBe('v3')
    expect(await cache.get('pages:en', load)).toBe('v4')
    cache.drop()
    expect(await cache.get('pages:en', load)).toBe('v7')
  })

  it('never keeps what a load read before a drop, and a later caller loads afresh', async () => {
    const cache = new ExpiringCache<string>(60_000, 10)
    const before = deferred<string>()
    const waiting = cache.get('page', () => before.promise)
    const joined = cache.get('page', () => Promise.resolve('not asked'))
    cache.drop(['page'])
    // Asked after the drop: its own load, which sees the change.
    const after = cache.get('page', () => Promise.resolve('new'))
    before.resolve('old')
    // Those already waiting get what their load read; nothing of it stays.
    expect(await waiting).toBe('old')
    expect(await joined).toBe('old')
    expect(await after).toBe('new')
    expect(await cache.get('page', () => Promise.resolve('loaded again'))).toBe('new')
  })

  it('a drop of other keys during a load also keeps the load from storing (one generation for all)', async () => {
    const cache = new ExpiringCache<string>(60_000, 10)
    const slow = deferred<string>()
    const first = cache.get('a', () => slow.promise)
    cache.drop(['b'])
    slow.resolve('old')
    expect(await first).toBe('old')
    expect(await cache.get('a', () => Promise.resolve('fresh'))).toBe('fresh')
  })
})
