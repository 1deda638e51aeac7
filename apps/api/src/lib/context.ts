import type { Locale } from '@aurum/shared'

/**
 * What the services know of the request that asks them (no HTTP): the routes take it from
 * `request.ctx` (plugins/request-context.ts).
 * Services never see Fastify's request or reply; they return outcomes, and the routes turn them
 * into status codes and cookies.
 */
export interface RequestContext {
  /** The client's address, behind the proxies the app trusts (`TRUST_PROXY`). */
  ip: string
  /** The browser's User-Agent, cut to 512 characters; null when absent. */
  userAgent: string | null
  /** The language of the request: messages, e-mails and errors are written in it. */
  locale: Locale
  /** From the domain or the edge's geo-IP header; undefined when unknown. */
  country: string | undefined
  /** The country is one the casino does not serve (registration and sign-in answer 451). */
  restricted: boolean
  /** Origin of the absolute links written for this request (configuration only, lib/public-origin.ts). */
  publicOrigin: string
  /** The request id of the logs (the `x-request-id` header); a CLI's or a job's own name. */
  requestId: string
}

/** The logger the services write to: pino's (Fastify's), or a CLI's console. */
export interface Logger {
  error(obj: unknown, msg?: string): void
  warn(obj: unknown, msg?: string): void
  info(obj: unknown, msg?: string): void
}
