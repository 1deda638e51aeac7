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
  useQuery as useQueryReact,
  useQueryClient,
  type Query,
  type QueryClientConfig,
  type QueryKey,
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

/** The server's query client: every query hashed by `hashQueryKey` (loaders, readings, dehydration). */
export class QueryClient extends LibraryQueryClient {
  constructor(config: QueryClientConfig = {}) {
    const queries = { queryKeyHashFn: hashQueryKey, ...config.defaultOptions?.queries }
    super({ ...config, defaultOptions: { ...config.defaultOptions, queries } })
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
