import { COOKIES } from './constants.ts'
/** The contract between the api server and the web app's server entry. */
export interface SsrTransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}
export interface SsrTransportResponse {
  status: number
  statusText: string
  headers: Record<string, string>
  body: string
  /** The same object answers many renders (a shared cache): its parsed body may be shared, read-only. */
  shared?: boolean
}
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Host-)?${COOKIES.session}=`)
/**
 * Whether a Cookie header carries a session (`sid`, or `__Host-sid`): without one the visitor is a
 * guest, whose profile the api can only refuse (401) and whose pages may be shared.
 */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && SESSION_COOKIE.test(cookie)
}

/** How server-side rendering reaches the api: in-process, with the visitor's forwarded headers. */
export type SsrTransport = (request: SsrTransportRequest) => Promise<SsrTransportResponse>

export interface SsrRequest {
  /** Path and query as requested. */
  url: string
  origin: string
  headers: Record<string, string>
  country: string | null
  restricted: boolean
  transport: SsrTransport
  /**
   * Answer with a `stream` result when the page renders: the server sends the head (styles and
   * scripts to fetch) as soon as the loaders have settled the status, and the body as React renders it.
   */
  stream?: boolean
}

/** Where a streamed body goes: the server's answer, still open after it. */
export interface SsrSink {
  write(chunk: string | Uint8Array): unknown
}

interface SsrPage {
  status: number
  lang: string
  head: string
  /**
   * The source modules the page loads after the entry (its lazy routes, its language bundles),
   * as keys of the client build's manifest: the server links their code and styles in the head.
   */
  modules: string[]
}

export type SsrResult =
  | { kind: 'redirect'; status: number; location: string }
  | (SsrPage & {
      kind: 'html'
      html: string
      /** Serialised initial state, already safe to place inside a script element. */
      state: string
    })
  | (SsrPage & {
      kind: 'stream'
      /**
       * Renders the page's markup into `out` (without ending it) and resolves with the serialised
       * initial state once the markup is complete. A render that fails is reported to `onError` and
       * leaves the markup empty: the browser then renders the page itself from the state.
       */
      body(out: SsrSink, onError: (error: unknown) => void): Promise<string>
    })

export type SsrRender = (request: SsrRequest) => Promise<SsrResult>

/**
 * The files (under the client build's base) each lazy route module needs beyond the first
 * JavaScript, as the server embeds them in every page (a `type="application/json"` script with
 * this id): the browser preloads a route's files when a link to it is hovered or focused.
 */
export interface RouteAssets {
  files: string[]
  /** Manifest key of a route's module (its `handle.module`) -> indexes into `files`. */
  modules: Record<string, number[]>
}
export const ROUTE_ASSETS_ELEMENT_ID = '__AURUM_ROUTE_ASSETS__'
