// The server build's `@tanstack/react-query` (vite.config.ts points the app's imports here for SSR only).
// Its `useQuery` builds, on every call, a `QueryObserver` (options defaulted and compared, a result
// created and wrapped to track which fields a component reads) and subscribes it with React's hooks;
// on the server no component lives past its render and nothing fetches while it renders, so a query
// the loaders have already answered gives every component the same result for the whole render:
// the observer's own result, computed once per state of the query.
import {
  hashKey,
  QueryObserver,
  useQuery as useQueryReact,
  useQueryClient,
  type Query,
  type QueryObserverResult,
} from '@tanstack/react-query'

export * from '@tanstack/react-query'

/**
 * Options that do not change what an observer answers for a successful query on the server (beyond
 * the staleness, which is part of the key below). Any other option (select, placeholderData, enabled,
 * refetchOnMount, suspense, …) takes the library's own hook.
 */
const PLAIN_OPTIONS = new Set(['queryKey', 'queryFn', 'staleTime', 'gcTime', 'retry', 'retryDelay', 'meta'])

type Result = QueryObserverResult<unknown, unknown>
const results = new WeakMap<Query['state'], Map<unknown, Result>>()

export const useQuery: typeof useQueryReact = ((options: Parameters<typeof useQueryReact>[0], client) => {
  const queryClient = useQueryClient(client)
  const query = plainQuery(queryClient, options)
  // The same branch for a call site in a render (a component renders once on the server), so the
  // hooks' order holds; the browser always takes the library's hook.
  if (!query) return useQueryReact(options, client)
  const staleTime = options.staleTime ?? queryClient.getDefaultOptions().queries?.staleTime
  let byStaleTime = results.get(query.state)
  if (!byStaleTime) results.set(query.state, (byStaleTime = new Map<unknown, Result>()))
  let result = byStaleTime.get(staleTime)
  if (!result) {
    const defaulted = queryClient.defaultQueryOptions(options)
    // As the library's hook asks (no restoring from a persister on the server).
    defaulted._optimisticResults = 'optimistic'
    result = new QueryObserver(queryClient, defaulted).getOptimisticResult(defaulted)
    byStaleTime.set(staleTime, result)
  }
  return result
}) as typeof useQueryReact

/** The cached query `options` ask for, when it has data and the options are plain ones; else undefined. */
function plainQuery(
  queryClient: ReturnType<typeof useQueryClient>,
  options: Parameters<typeof useQueryReact>[0],
): Query | undefined {
  if (typeof options.staleTime === 'function') return undefined
  for (const key in options) if (!PLAIN_OPTIONS.has(key)) return undefined
  const defaults = queryClient.getDefaultOptions().queries
  if (defaults && Object.keys(defaults).some((k) => !PLAIN_OPTIONS.has(k) && k !== 'refetchOnWindowFocus')) {
    return undefined
  }
  const query = queryClient.getQueryCache().get(hashKey(options.queryKey))
  return query?.state.status === 'success' && query.state.fetchStatus === 'idle' ? query : undefined
}
