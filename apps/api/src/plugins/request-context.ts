import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import {
  COOKIES,
  countryFromHost,
  defaultLocaleFor,
  localeFromAcceptLanguage,
  toLocale,
  type Locale,
} from '@aurum/shared'
import type { Config } from '../config.ts'
import type { RequestContext } from '../lib/context.ts'
import { publicOriginResolver } from '../lib/public-origin.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Country from the domain, else the geo-IP header of the edge. */
    country: string | undefined
    /** The visitor's country is one we do not serve (the 451 behaviour of the spec). */
    restricted: boolean
    /** Language of the request: `l`/`locale` query, then the locale cookie, then Accept-Language. */
    locale: Locale
    /** Origin for absolute links written for this request: from configuration only (lib/public-origin.ts). */
    publicOrigin: string
    /** What the services know of this request (lib/context.ts): they never see the request itself. */
    readonly ctx: RequestContext
  }
}

export default fp(
  async (app, { config }: { config: Config }) => {
    const restricted = new Set(config.RESTRICTED_COUNTRIES)
    app.decorateRequest('country', undefined)
    app.decorateRequest('restricted', false)
    app.decorateRequest('locale', 'en')
    const publicOriginOf = publicOriginResolver(config)
    app.decorateRequest('publicOrigin', config.publicOrigin)
    app.decorateRequest('ctx', {
      getter(this: FastifyRequest): RequestContext {
        return {
          ip: this.ip,
          userAgent: this.headers['user-agent']?.slice(0, 512) ?? null,
          locale: this.locale,
          country: this.country,
          restricted: this.restricted,
          publicOrigin: this.publicOrigin,
          requestId: this.id,
        }
      },
    })
    app.addHook('onRequest', async (request) => {
      const geo = request.headers[config.GEO_HEADER]
      const fromGeo = typeof geo === 'string' && /^[A-Za-z]{2}$/.test(geo) ? geo.toUpperCase() : undefined
      request.country = countryFromHost(request.host, config.DOMAIN_COUNTRIES) ?? fromGeo
      request.restricted = request.country !== undefined && restricted.has(request.country)
      request.publicOrigin = publicOriginOf(request.host)
      const query = request.query as Record<string, unknown> | undefined
      const fromQuery =
        typeof query?.l === 'string' ? query.l : typeof query?.locale === 'string' ? query.locale : undefined
      request.locale =
        toLocale(fromQuery) ??
        toLocale(request.cookies?.[COOKIES.locale]) ??
        localeFromAcceptLanguage(request.headers['accept-language']) ??
        defaultLocaleFor(request.country)
    })
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
)
