// The server build's `@tanstack/react-query` (vite.config.ts points the app's imports here for SSR only).
// Its `useQuery` builds, on every call, a `QueryObserver` (options defaulted and compared, a result
// created and wrapped to track which fields a component reads) and subscribes it with React's hooks;
// on the server no component lives past its render and nothing fetches while it renders, so a query
// the loaders have already answered gives every component the same result for the whole render:
// the observer's own result, computed once per state of the query.
import {
  hashKey,
  QueryClient as LibraryQueryClient,
  QueryObserver,
  skipToken,
  useQuery as useQueryReact,
  useQueryClient,
  type DefaultedQueryObserverOptions,
  type Query,
  type QueryClientConfig,
  type QueryExecuteOptions,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query'

export * from '@tanstack/react-query'

/**
 * The library's `hashKey`, without its per-value replacer for the keys most queries have: only
 * strings, numbers, booleans and nulls, where both give the same JSON. The browser looks the
 * dehydrated queries up by this hash, so it must be the library's, character for character.
 */
export function hashQueryKey(queryKey: QueryKey): string {
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') return hashKey(queryKey)
  }
  return JSON.stringify(queryKey)
}

/** Options of `query()` that the loaders' own path below handles as the library would. */
const LOADER_OPTIONS = new Set(['queryKey', 'queryFn', 'staleTime', 'gcTime', 'retry', 'meta'])

type QueryOptions = QueryExecuteOptions<unknown, unknown, unknown, unknown, QueryKey, unknown>

/**
 * The server's query client: every query hashed by `hashQueryKey` (loaders, readings, dehydration).
 *
 * Its `query()` (what the loaders call) runs a query the render has not asked for yet by calling its
 * `queryFn` and storing the answer as the library's fetch would (the same state, so the same
 * dehydrated query), without the fetch machinery built for the browser (defaulted options, a retryer,
 * an abort controller and signal property per query, a fetch action and its observers): a render's
 * queries are asked once, never retried (spec §7: no retries on the server), and never cancelled.
 * Concurrent asks of one query share its answer; anything else takes the library's path.
 */
export class QueryClient extends LibraryQueryClient {
  readonly #asking = new Map<string, Promise<unknown>>()
  /** Nothing aborts a server render's queries; one signal for all of them. */
  readonly #signal = new AbortController().signal

  constructor(config: QueryClientConfig = {}) {
    const queries = { queryKeyHashFn: hashQueryKey, ...config.defaultOptions?.queries }
    super({ ...config, defaultOptions: { ...config.defaultOptions, queries } })
  }

  override query<
    TQueryFnData,
    TError = Error,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options: QueryExecuteOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>,
  ): Promise<TData> {
    const plain = options as unknown as QueryOptions
    if (this.#plain(plain)) return this.#ask(plain) as Promise<TData>
    // The library's path, after this path's answer to the same query if one is coming.
    const asking = this.#asking.get(this.#hash(plain.queryKey))
    if (!asking) return super.query(options)
    return asking.then(
      () => super.query(options),
      () => super.query(options),
    )
  }

  /**
   * The library's defaulting, the same object: its object spreads of the client's defaults, the
   * key's defaults and the options cost ~6 µs per call in V8 (Object.assign: ~0.3 µs), and a render
   * defaults options about 24 times (the loaders' asks, each query's first reading, `getQueryData`).
   */
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = Error,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    if (options._defaulted) {
      return options as DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>
    }
    const defaulted = Object.assign(
      {},
      this.getDefaultOptions().queries,
      this.getQueryDefaults(options.queryKey),
      options,
    ) as DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>
    defaulted._defaulted = true
    // As the library, in its order.
    if (!defaulted.queryHash) defaulted.queryHash = (defaulted.queryKeyHashFn ?? hashKey)(defaulted.queryKey)
    if (defaulted.refetchOnReconnect === undefined) {
      defaulted.refetchOnReconnect = defaulted.networkMode !== 'always'
    }
    if (defaulted.throwOnError === undefined) defaulted.throwOnError = !!defaulted.suspense
    if (!defaulted.networkMode && defaulted.persister) defaulted.networkMode = 'offlineFirst'
    if (defaulted.queryFn === skipToken) defaulted.enabled = false
    return defaulted
  }

  #plain(options: QueryOptions): boolean {
    if (typeof options.queryFn !== 'function' || this.#retries(options)) return false
    for (const key in options) if (!LOADER_OPTIONS.has(key)) return false
    return true
  }

  #ask(options: QueryOptions): Promise<unknown> {
    const defaulted = this.defaultQueryOptions(options)
    const queryHash = defaulted.queryHash
    const asking = this.#asking.get(queryHash)
    if (asking) return asking
    const cache = this.getQueryCache()
    if (cache.get(queryHash)) return super.query(options)
    // In the cache from now, as the library's fetch puts it (the dehydrated queries keep its order).
    const answer = this.#run(cache.build(this, defaulted), options).finally(() =>
      this.#asking.delete(queryHash),
    )
    this.#asking.set(queryHash, answer)
    return answer
  }

  async #run(query: Query<unknown, unknown>, { queryKey, queryFn, meta }: QueryOptions): Promise<unknown> {
    try {
      const data = await (queryFn as (context: unknown) => unknown)({
        client: this,
        queryKey,
        meta,
        signal: this.#signal,
      })
      // As the library: a query function must answer something.
      if (data === undefined) throw new Error(`${query.queryHash} data is undefined`)
      query.setData(data)
      return data
    } catch (error) {
      // The state the library's fetch leaves after a failure without retries.
      query.setState({
        error,
        errorUpdateCount: query.state.errorUpdateCount + 1,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: query.state.fetchFailureCount + 1,
        fetchFailureReason: error,
        fetchStatus: 'idle',
        status: 'error',
        isInvalidated: true,
      })
      throw error
    }
  }

  #hash(queryKey: QueryKey): string {
    return (this.getDefaultOptions().queries?.queryKeyHashFn ?? hashKey)(queryKey)
  }

  /** Whether `options` or the client's defaults ask for retries (the library's path then). */
  #retries(options: QueryOptions): boolean {
    const retry = options.retry ?? this.getDefaultOptions().queries?.retry ?? false
    return retry !== false && retry !== 0
  }
}

/**
 * Options that do not change what an observer answers for a successful query on the server (beyond
 * the staleness, which is part of the key below). Any other option (select, placeholderData, enabled,
 * refetchOnMount, suspense, …) takes the library's own hook.
 */
const PLAIN_OPTIONS = new Set([
  'queryKey',
  'queryFn',
  'staleTime',
  'gcTime',
  'retry',
  'retryDelay',
  'meta',
  'queryKeyHashFn',
])

type Result = QueryObserverResult<unknown, unknown>
const results = new WeakMap<Query['state'], Map<unknown, Result>>()

export const useQuery: typeof useQueryReact = ((options: Parameters<typeof useQueryReact>[0], client) => {
  const queryClient = useQueryClient(client)
  const queryHash = plainQueryHash(queryClient, options)
  const query = queryHash === undefined ? undefined : successfulQuery(queryClient, queryHash)
  // The same branch for a call site in a render (a component renders once on the server), so the
  // hooks' order holds; the browser always takes the library's hook.
  if (!query) return useQueryReact(options, client)
  const staleTime = options.staleTime ?? queryClient.getDefaultOptions().queries?.staleTime
  let byStaleTime = results.get(query.state)
  if (!byStaleTime) results.set(query.state, (byStaleTime = new Map<unknown, Result>()))
  let result = byStaleTime.get(staleTime)
  if (!result) {
    const defaulted = queryClient.defaultQueryOptions({ ...options, queryHash })
    // As the library's hook asks (no restoring from a persister on the server).
    defaulted._optimisticResults = 'optimistic'
    result = new QueryObserver(queryClient, defaulted).getOptimisticResult(defaulted)
    byStaleTime.set(staleTime, result)
  }
  return result
}) as typeof useQueryReact

/** Whether a client's default query options are all plain ones; asked once per client. */
const plainDefaults = new WeakMap<LibraryQueryClient, boolean>()

/** The hash of the query `options` ask for when the options are plain ones; else undefined. */
function plainQueryHash(
  queryClient: LibraryQueryClient,
  options: Parameters<typeof useQueryReact>[0],
): string | undefined {
  if (typeof options.staleTime === 'function') return undefined
  for (const key in options) if (!PLAIN_OPTIONS.has(key)) return undefined
  const defaults = queryClient.getDefaultOptions().queries
  let plain = plainDefaults.get(queryClient)
  if (plain === undefined) {
    plain =
      !defaults || Object.keys(defaults).every((k) => PLAIN_OPTIONS.has(k) || k === 'refetchOnWindowFocus')
    plainDefaults.set(queryClient, plain)
  }
  if (!plain) return undefined
  return (options.queryKeyHashFn ?? defaults?.queryKeyHashFn ?? hashKey)(options.queryKey)
}

/** The cached query of `queryHash` when it has its data and nothing is fetching it; else undefined. */
function successfulQuery(queryClient: LibraryQueryClient, queryHash: string): Query | undefined {
  const query = queryClient.getQueryCache().get(queryHash)
  return query?.state.status === 'success' && query.state.fetchStatus === 'idle' ? query : undefined
}
