import fp from 'fastify-plugin'
import { COOKIES, defaultLocaleFor, localeFromAcceptLanguage, toLocale } from '@aurum/shared'
import { isValidHost } from '@aurum/shared/host'
import { AppError } from '../lib/errors.ts'

/** `//x` and `/\x`: a browser reads a link or Location starting so as another host (`//evil.example`). */
const LEADING_SLASHES = /^\/[/\\]/

/**
 * The first hook of every request, before anything reads the host or the path: a missing or
 * malformed Host (or trusted X-Forwarded-Host) answers 400, a path starting with two slashes 404.
 * The country, links, SSR origins and cache keys are all built from the host; without this a bad
 * one was a 500 (a URL that cannot be parsed) and `//anything` rendered the main page.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isValidHost(request.host)) {
        // request-context sets the language later; without a host the country's default is unknown.
        const query = request.query as Record<string, unknown> | undefined
        request.locale =
          toLocale(typeof query?.l === 'string' ? query.l : undefined) ??
          toLocale(request.cookies?.[COOKIES.locale]) ??
          localeFromAcceptLanguage(request.headers['accept-language']) ??
          defaultLocaleFor(undefined)
        throw new AppError('invalid_host', 400)
      }
      if (LEADING_SLASHES.test(request.url)) throw new AppError('not_found', 404)
    })
  },
  { name: 'request-guard', dependencies: ['@fastify/cookie'] },
)
