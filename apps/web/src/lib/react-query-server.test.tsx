import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import {
  dehydrate,
  hashKey,
  QueryClient,
  QueryClientProvider,
  skipToken,
  useQuery as useQueryLibrary,
} from '@tanstack/react-query'
import { hashQueryKey, QueryClient as ServerQueryClient, useQuery } from './react-query-server.ts'

type Hook = typeof useQueryLibrary
/** A result's values; its functions and promise by their kind. */
const fields = (r: ReturnType<Hook>) => {
  const { refetch, promise, ...rest } = r as ReturnType<Hook> & { promise?: unknown }
  return { ...rest, refetch: typeof refetch, promise: typeof promise }
}

/** One render of components reading queries with `hook`; what each call answered. */
function renderWith(hook: Hook, client: QueryClient) {
  const seen: ReturnType<Hook>[] = []
  function Probe({ id, stale, select }: { id: string; stale?: number; select?: (d: unknown) => unknown }) {
    const r = hook({
      queryKey: ['item', id],
      queryFn: () => 'fetched',
      ...(stale === undefined ? {} : { staleTime: stale }),
      ...(select ? { select } : {}),
    })
    seen.push(r)
    return <p>{`${id} ${r.status} ${r.fetchStatus} ${String(r.data)} ${String(r.isStale)}`}</p>
  }
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Probe id="a" />
      <Probe id="a" />
      <Probe id="a" stale={0} />
      <Probe id="a" select={(d) => `${String(d)}!`} />
      <Probe id="missing" />
    </QueryClientProvider>,
  )
  return { html, seen }
}

function client(Client: typeof QueryClient = QueryClient) {
  const c = new Client({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
  c.setQueryData(['item', 'a'], 'cached')
  return c
}

describe("the server build's useQuery", () => {
  afterEach(() => vi.useRealTimers())

  it('answers as the library does, one result per query and staleness for the whole render', () => {
    // Both renders at the same instant: their results carry when the data came.
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') })
    const ours = renderWith(useQuery, client())
    const library = renderWith(useQueryLibrary, client())
    expect(ours.html).toBe(library.html)
    expect(ours.html).toContain('<p>a success idle cached false</p>')
    // Stale data: the observer's optimistic answer fetches on mount, as the library's.
    expect(ours.html).toContain('<p>a success fetching cached true</p>')
    expect(ours.html).toContain('<p>a success idle cached! false</p>')
    expect(ours.html).toContain('<p>missing pending fetching undefined true</p>')
    expect(ours.seen.map(fields)).toEqual(library.seen.map(fields))
    expect(ours.seen[1]).toBe(ours.seen[0])
    expect(ours.seen[2]).not.toBe(ours.seen[0])
  })

  it("answers the same with the server's query client", () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') })
    const ours = renderWith(useQuery, client(ServerQueryClient))
    const library = renderWith(useQueryLibrary, client())
    expect(ours.html).toBe(library.html)
    expect(ours.seen.map(fields)).toEqual(library.seen.map(fields))
  })
})

describe("the server's query key hash", () => {
  const keys = [
    ['player'],
    ['cms', 'page', 'en-CA', 'seo/main'],
    ['games', 'first', { categories: ['top'] }, 12],
    ['games', 'filter', { b: 1, a: [2, { d: null, c: 'x' }] }, 24],
    ['n', 1.5, -0, null, true, false, undefined, Number.NaN, 'quote " and \\ and é'],
    [],
  ]

  it("is the library's, character for character", () => {
    for (const key of keys) expect(hashQueryKey(key)).toBe(hashKey(key))
  })

  it('is the one every query of the server client carries, as dehydrated for the browser', async () => {
    const server = new ServerQueryClient()
    for (const key of keys) await server.query({ queryKey: key, queryFn: () => 1 })
    const hashes = server
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash)
    expect(hashes).toEqual(keys.map((key) => hashKey(key)))
  })
})

describe("the server client's query()", () => {
  afterEach(() => vi.useRealTimers())

  const options = { defaultOptions: { queries: { retry: false, staleTime: 60_000 } } }
  const boom = new Error('boom')
  /** The loaders' asks of one render: answers, nulls, failures, a query asked twice at once. */
  async function loaders(client: QueryClient) {
    const calls: string[] = []
    const ask = (key: string, answer: () => unknown, more: object = {}) =>
      client
        .query({
          queryKey: ['q', key],
          queryFn: async ({ signal }) => {
            calls.push(`${key} ${signal instanceof AbortSignal}`)
            return answer()
          },
          ...more,
        })
        .then(
          (data) => ({ data }),
          (error: unknown) => ({ error: String(error) }),
        )
    const answers = await Promise.all([
      ask('a', () => ({ list: [1, 2] })),
      ask('a', () => 'second'),
      ask('null', () => null),
      ask('fails', () => {
        throw boom
      }),
      ask('undefined', () => undefined),
      ask('selected', () => 3, { select: (n: number) => n * 2 }),
    ])
    // Asked again: fresh data from the cache; a failed query and a stale one are asked again.
    answers.push(await ask('a', () => 'again'), await ask('fails', () => 'recovered'))
    answers.push(await ask('a', () => 'stale', { staleTime: 0 }))
    const state = dehydrate(client, { shouldDehydrateQuery: () => true })
    return { calls, answers, state: JSON.parse(JSON.stringify(state)) as unknown }
  }

  it("leaves the library's answers and dehydrated state, one call per query asked at once", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] })
    const ours = await loaders(new ServerQueryClient(options))
    const library = await loaders(new QueryClient(options))
    expect(ours.answers).toEqual(library.answers)
    expect(ours.state).toEqual(library.state)
    expect(ours.calls).toEqual(library.calls)
    // 'a': once for the two asks at once, not for the fresh reading, once more when asked stale.
    expect(ours.calls.filter((c) => c.startsWith('a '))).toHaveLength(2)
  })
})

describe("the server client's defaultQueryOptions", () => {
  const queryFn = () => 1
  const persister = () => Promise.resolve(1)
  const cases: object[] = [
    { queryKey: ['cms', 'pages', 'en-CA'], queryFn, staleTime: 30_000 },
    { queryKey: ['games', { page: 1 }], queryFn, meta: { a: 1 }, gcTime: 5 },
    { queryKey: ['player'], queryFn: skipToken },
    { queryKey: ['player'], queryFn, suspense: true, networkMode: 'always' },
    { queryKey: ['feed', 'x'], queryFn, persister },
    { queryKey: ['feed', 'y'], queryFn, throwOnError: false, refetchOnReconnect: 'always' },
    { queryKey: ['cms'], queryFn, queryHash: 'given', _defaulted: false },
  ]
  /** Clients with the app's defaults and a key's defaults, as the library and as the server's. */
  function clients(): [QueryClient, QueryClient] {
    const setUp = (c: QueryClient) => {
      c.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 } })
      c.setQueryDefaults(['feed'], { gcTime: 1, networkMode: 'offlineFirst' })
      return c
    }
    return [setUp(new QueryClient()), setUp(new ServerQueryClient())]
  }

  it("gives the library's options, key for key and in its order", () => {
    const [library, ours] = clients()
    for (const options of cases) {
      const expected = library.defaultQueryOptions({ ...options } as never)
      const actual = ours.defaultQueryOptions({ ...options } as never)
      // The server client hashes with its own function; the hash itself is the library's.
      expect({ ...actual, queryKeyHashFn: 'fn' }).toEqual({ ...expected, queryKeyHashFn: 'fn' })
      expect(Object.keys(actual)).toEqual(Object.keys(expected))
      expect(ours.defaultQueryOptions(actual)).toBe(actual)
    }
  })
})
