import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  BOT_USER_AGENT,
  COOKIES,
  hasSessionCookie,
  ROUTE_ASSETS_ELEMENT_ID,
  TIMING,
  type SsrRender,
  type SsrResult,
  type SsrTransport,
  type SsrTransportRequest,
  type SsrTransportResponse,
} from '@aurum/shared'
import type { Config } from '../config.ts'
import { ExpiringCache } from '../lib/cache.ts'
import type { CacheInvalidation } from '../lib/cache-bus.ts'
import { createAssetTags, createRouteAssets, type ClientManifest } from './ssr-assets.ts'

export type SsrMode = 'production' | 'development' | 'none'

/** Request headers forwarded to the api calls made while rendering (spec §7 "forwarded headers"). */
const FORWARDED = [
  'user-agent',
  'accept-language',
  'cookie',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]

const API_PREFIXES = ['/api/', '/json-api/', '/dist/', '/files/']

/** Public start-up and SEO data (spec §9 allows caching it for a day; a minute keeps CMS edits prompt). */
const PUBLIC_DATA = /^\/api\/(cms|info)\//
const PUBLIC_DATA_TTL_MS = Math.min(60_000, TIMING.startCacheMs)

/**
 * Public lobby data of a guest render: the catalogue as guests see it (no groups) and the latest wins
 * (live ones arrive over the realtime hub after hydration). Shared by guest renders for a few seconds,
 * so that every guest render does not query the database again; a signed-in player's calls always go
 * to the api (the catalogue depends on the player's groups).
 */
const GUEST_DATA =
  /^\/api\/(games_filter(?:\?|$)|games\/(collections|providers)(?:\?|$)|stats\/winners\/latest(?:\?|$))/
const GUEST_DATA_TTL_MS = 5_000

/** The profile probe of every render: without a session it can only answer 401. */
const PLAYER_DATA = /^\/api\/player(?:\?|$)/
const GUEST_PLAYER_RESPONSE: SsrTransportResponse = {
  status: 401,
  statusText: 'Unauthorized',
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ code: 'unauthorized', error: 'Unauthorized' }),
  shared: true,
}

/**
 * Whether an api call of a render may be answered from a cache shared by renders, and under which key:
 * public data (CMS, info) for everyone per language and country, the guests' lobby data only for a
 * render without a session. Anything else (a player's data, any write) goes to the api every time.
 */
export function sharedRenderData(
  req: SsrTransportRequest,
  country: string | null | undefined,
): { cache: 'public' | 'guest'; key: string } | null {
  const key = `${req.method} ${req.url}|${req.headers.cookie?.match(/locale=([\w-]+)/)?.[1] ?? ''}|${country ?? ''}`
  if (req.method === 'GET' && PUBLIC_DATA.test(req.url)) return { cache: 'public', key }
  const read = req.method === 'GET' || (req.method === 'POST' && req.url.startsWith('/api/games_filter'))
  if (read && GUEST_DATA.test(req.url) && !hasSessionCookie(req.headers.cookie)) {
    return { cache: 'guest', key: `${key}|${req.body ?? ''}` }
  }
  return null
}

/**
 * What a change of cached data (lib/cache-bus.ts) drops of the renders' caches: the shared answers
 * that carry it (CMS and reference data by path, the guests' lobby data whole) and every guest page,
 * which may show any of them.
 */
export function dropRenderCaches(
  message: CacheInvalidation,
  caches: Record<'publicData' | 'guestData' | 'guestPages', Pick<ExpiringCache, 'drop'>>,
): void {
  if (message.scope === 'catalogue') caches.guestData.drop()
  else caches.publicData.drop([`GET /api/${message.scope}/`])
  caches.guestPages.drop()
}

const COOKIES_ANSWERED = new RegExp(`(?:^|;\\s*)${COOKIES.cookiesAccepted}=[^;\\s]`)
/**
 * The `<html>` tag of a page: its language, and `data-notices` while the cookie notice is still to
 * answer, so the room of the notice bar (which comes 1.5 s after start) is kept from the first
 * paint and nothing moves when it comes (global.css); `au` for the Australian consent, whose two
 * answers take a line of their own on a phone. Added after the shared guest render.
 */
export function htmlTag(
  lang: string,
  cookie: string | undefined,
  country: string | null | undefined,
): string {
  const noticesDue = !cookie || !COOKIES_ANSWERED.test(cookie)
  if (!noticesDue) return `<html lang="${lang}">`
  return `<html lang="${lang}" data-notices="${country === 'AU' ? 'due au' : 'due'}">`
}

/**
 * Server-side rendering of every app route. Production serves the Vite build:
 * hashed assets under /dist/ with immutable caching and precompressed brotli/gzip;
 * development mounts Vite's middleware for hot reload.
 */
export default fp(
  async (app: FastifyInstance, { config, mode }: { config: Config; mode: Exclude<SsrMode, 'none'> }) => {
    const webRoot = path.join(config.repoRoot, 'apps/web')
    let loadRender: () => Promise<SsrRender>
    let loadTemplate: (url: string) => Promise<string>
    // Development: Vite's middleware serves each module with its styles; nothing to link.
    let assetTags: (modules: string[]) => string = () => ''
    // What links to lazy routes preload on hover or focus (none in development, where Vite serves modules).
    let routeAssetsScript = ''

    if (mode === 'production') {
      const clientDir = path.join(webRoot, 'dist/client')
      const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8')
      const entry = (await import(path.join(webRoot, 'dist/server/entry-server.js'))) as {
        render: SsrRender
        routeModules: string[]
      }
      loadRender = async () => entry.render
      loadTemplate = async () => template
      const manifest = JSON.parse(
        await fs.readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
      ) as ClientManifest
      assetTags = createAssetTags(manifest, '/dist/')
      const routeAssets = JSON.stringify(createRouteAssets(manifest, entry.routeModules)).replace(
        /</g,
        '\\u003c',
      )
      routeAssetsScript = `\n    <script id="${ROUTE_ASSETS_ELEMENT_ID}" type="application/json">${routeAssets}</script>`
      // The service worker and the web app manifest, built with the client (spec §4, §7): at the root,
      // where the worker's scope covers every page; never cached long, so a new build is seen at once.
      for (const [url, file, type] of [
        ['/sw.js', 'sw.js', 'text/javascript; charset=utf-8'],
        ['/manifest.webmanifest', 'manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
      ] as const) {
        const body = await fs.readFile(path.join(clientDir, file), 'utf8')
        app.get(url, { schema: { hide: true } }, (_request, reply) =>
          reply.header('content-type', type).header('cache-control', 'no-cache').send(body),
        )
      }
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/dist/',
        preCompressed: true,
        index: false,
        wildcard: true,
        setHeaders(reply, filePath) {
          // Every file under /dist/ carries a content hash in its name.
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          )
        },
      })
    } else {
      const { createServer } = await import('vite')
      const vite = await createServer({
        root: webRoot,
        server: { middlewareMode: true, hmr: { port: 24_678 + (config.PORT % 1000) } },
        appType: 'custom',
      })
      // The back office's development server (plugins/backoffice.ts) may have registered it already.
      if (!app.hasDecorator('use')) await app.register((await import('@fastify/middie')).default)
      app.use(vite.middlewares)
      app.addHook('onClose', () => vite.close())
      loadRender = async () =>
        ((await vite.ssrLoadModule('/src/app/entry-server.tsx')) as { render: SsrRender }).render
      loadTemplate = async (url) =>
        vite.transformIndexHtml(url, await fs.readFile(path.join(webRoot, 'index.html'), 'utf8'))
    }

    const publicData = new ExpiringCache<SsrTransportResponse>(PUBLIC_DATA_TTL_MS, 2_000)
    const guestData = new ExpiringCache<SsrTransportResponse>(
      mode === 'development' ? 0 : GUEST_DATA_TTL_MS,
      500,
    )
    // Guest pages: the same render serves every visitor without a session for a few seconds.
    // Off in development, where every edit must show at once.
    const guestTtl = mode === 'development' ? 0 : config.SSR_CACHE_TTL_MS
    const guestPages = new ExpiringCache<SsrResult>(guestTtl, 1_000)
    const stopDropping = app.caches.subscribe((message) =>
      dropRenderCaches(message, { publicData, guestData, guestPages }),
    )
    app.addHook('onClose', async () => stopDropping())

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (API_PREFIXES.some((p) => request.url.startsWith(p))) return reply.callNotFound()
      const inject: SsrTransport = async (req) => {
        const headers: Record<string, string> = { ...req.headers, 'x-request-id': request.id }
        for (const name of FORWARDED) {
          const value = request.headers[name]
          if (typeof value === 'string' && !(name in headers)) headers[name] = value
        }
        // Scheme and host as the visitor used them; the client address travels as the remote address.
        if (request.headers.host) headers.host = request.headers.host
        headers['x-forwarded-proto'] ??= request.protocol
        const geo = request.headers[config.GEO_HEADER]
        if (typeof geo === 'string') headers[config.GEO_HEADER] = geo
        const res = await app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers,
          payload: req.body,
          remoteAddress: request.ip,
        })
        return {
          status: res.statusCode,
          statusText: res.statusMessage,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: res.body,
        }
      }
      const transport: SsrTransport = (req) => {
        // A guest render's profile probe: no session cookie can only mean 401, so skip the round trip.
        if (PLAYER_DATA.test(req.url) && !hasSessionCookie(req.headers.cookie)) {
          return Promise.resolve(GUEST_PLAYER_RESPONSE)
        }
        const shared = sharedRenderData(req, request.country)
        if (!shared) return inject(req)
        // Cached answers are handed to every render sharing them: their parsed bodies may be shared too.
        return (shared.cache === 'public' ? publicData : guestData).get(
          shared.key,
          () => inject(req).then((res) => ({ ...res, shared: true })),
          (res) => res.status === 200,
        )
      }
      const render = await loadRender()
      const cookie = request.headers.cookie
      const session = hasSessionCookie(cookie)
      const renderPage = (stream: boolean) =>
        render({
          url: request.url,
          // From configuration, never the Host header: guest renders are cached and shared.
          origin: request.publicOrigin,
          headers: Object.fromEntries(
            Object.entries(request.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
          ),
          country: request.country ?? null,
          restricted: request.restricted,
          transport,
          stream,
        })
      const bot = BOT_USER_AGENT.test(request.headers['user-agent'] ?? '')
      // A signed-in player's page is streamed: the head (styles and scripts to fetch) leaves once the
      // loaders have settled the status, before the markup is rendered. Shared guest pages are cached whole.
      const result: SsrResult =
        session || guestTtl === 0
          ? await renderPage(session)
          : await guestPages.get(
              `${request.host}|${request.url}|${request.country ?? ''}|${request.restricted}|${bot}`,
              () => renderPage(false),
              (r) => r.kind === 'redirect' || r.status < 500,
            )
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status)
      const template = await loadTemplate(request.url)
      const [start, end] = template
        .replace('<html lang="en">', () => htmlTag(result.lang, cookie, request.country))
        .replace('<!--app-head-->', () => `${result.head}\n    ${assetTags(result.modules)}`)
        .split('<!--app-html-->') as [string, string]
      // Replacements as functions: a `$` in the page is text, not a replacement pattern.
      const withState = (state: string) =>
        end.replace(
          '<!--app-state-->',
          () => `<script id="__AURUM_STATE__" type="application/json">${state}</script>${routeAssetsScript}`,
        )
      reply
        .status(result.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'cookie, accept-language')
      if (result.kind === 'html') {
        return reply.send(start + result.html + withState(result.state))
      }
      const out = new PassThrough()
      out.write(start)
      // The markup is rendered once the head has left: React would otherwise render it within the
      // microtasks before Fastify's send hooks hand the answer to the socket, and the head would
      // leave with it. Fastify pipes the answer into the response once its hooks have run.
      let rendering = false
      const renderMarkup = () => {
        if (rendering) return
        rendering = true
        result
          .body(out, (error) => request.log.error({ err: error }, 'server render failed'))
          .then(
            (state) => out.end(withState(state)),
            (error: unknown) => {
              request.log.error({ err: error }, 'server render failed')
              out.destroy(error instanceof Error ? error : new Error(String(error)))
            },
          )
      }
      reply.raw.once('pipe', () => setImmediate(renderMarkup))
      // A HEAD request or a closed connection never pipes: the render still ends the stream.
      reply.raw.once('close', renderMarkup)
      return reply.send(out)
    }
    app.get('/*', { schema: { hide: true } }, handler)
    app.get('/', { schema: { hide: true } }, handler)
  },
  { name: 'ssr', dependencies: ['request-context', 'cache-bus'] },
)
