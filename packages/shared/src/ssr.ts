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
}

export type SsrResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'html'
      status: number
      lang: string
      head: string
      html: string
      /** Serialised initial state, already safe to place inside a script element. */
      state: string
      /**
       * The source modules the page loads after the entry (its lazy routes, its language bundles),
       * as keys of the client build's manifest: the server links their code and styles in the head.
       */
      modules: string[]
    }

export type SsrRender = (request: SsrRequest) => Promise<SsrResult>
