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
  return JSON.stringify(state)
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
