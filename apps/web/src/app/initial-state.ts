import {
  isRouteErrorResponse,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  type HydrationState,
} from 'react-router'
import type { DehydratedState } from '@tanstack/react-query'
import type { AppEnv } from '../lib/services.tsx'

/** What the server hands to the browser (spec §1): environment, base URL and the store snapshot. */
export interface InitialState {
  env: AppEnv
  baseUrl: string
  query: DehydratedState
  router: {
    loaderData: Record<string, unknown>
    actionData: Record<string, unknown> | null
    errors: Record<string, unknown> | null
  }
}

export const STATE_ELEMENT_ID = '__AURUM_STATE__'

/** JSON that is safe inside a script element. */
export function serializeState(state: InitialState): string {
  const shared: string[] = []
  const queries = state.query.queries.map((query) => {
    const data: unknown = query.state.data
    const marked = markShared(data, shared)
    return marked === data ? query : { ...query, state: { ...query.state, data: marked } }
  })
  const json = safeJson({ ...state, query: { ...state.query, queries } })
  if (!shared.length) return json
  return json.replace(SHARED_VALUE, (_, index: string) => shared[Number(index)]!)
}

/**
 * The data with each frozen value in it (the data itself, or an infinite query's pages) standing for
 * its kept JSON, by its index in `shared`; the data itself when it has none.
 */
function markShared(data: unknown, shared: string[]): unknown {
  if (data === null || typeof data !== 'object') return data
  if (Object.isFrozen(data)) {
    shared.push(sharedJson(data))
    return `${SHARED_MARK}${shared.length - 1}`
  }
  const pages = (data as { pages?: unknown }).pages
  if (!Array.isArray(pages) || !pages.some((page) => Object.isFrozen(page) && typeof page === 'object')) {
    return data
  }
  return { ...data, pages: pages.map((page: unknown) => markShared(page, shared)) }
}

/**
 * The JSON of a frozen value (an api answer that server renders share, parsed once by the http
 * client): it cannot change, so it is serialised once, not on every render that dehydrates it.
 */
const sharedJsons = new WeakMap<object, string>()
function sharedJson(data: object): string {
  let json = sharedJsons.get(data)
  if (json === undefined) sharedJsons.set(data, (json = safeJson(data)))
  return json
}

/** Stands for a shared value in the state's JSON until its own JSON replaces it. */
const SHARED_MARK = `\u0000shared-${Math.random().toString(36).slice(2)}-`
const SHARED_VALUE = new RegExp(`"\\\\u0000${SHARED_MARK.slice(1)}(\\d+)"`, 'g')

function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? {
            __type: 'RouteErrorResponse',
            status: error.status,
            statusText: error.statusText,
            data: error.data as unknown,
          }
        : { __type: 'Error', message: error instanceof Error ? error.message : String(error) },
    ]),
  )
}

export function deserializeErrors(errors: Record<string, unknown> | null): HydrationState['errors'] {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, value]) => {
      const e = value as {
        __type: string
        status: number
        statusText: string
        data: unknown
        message: string
      }
      return [
        id,
        e.__type === 'RouteErrorResponse'
          ? new ErrorResponseImpl(e.status, e.statusText, e.data)
          : new Error(e.message),
      ]
    }),
  )
}
