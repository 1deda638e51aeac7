import fs from 'node:fs/promises'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsrRender, SsrResult, SsrTransport } from '@aurum/shared'
import type { Config } from '../config.ts'

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

    if (mode === 'production') {
      const clientDir = path.join(webRoot, 'dist/client')
      const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8')
      const entry = (await import(path.join(webRoot, 'dist/server/entry-server.js'))) as { render: SsrRender }
      loadRender = async () => entry.render
      loadTemplate = async () => template
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
      await app.register((await import('@fastify/middie')).default)
      app.use(vite.middlewares)
      app.addHook('onClose', () => vite.close())
      loadRender = async () =>
        ((await vite.ssrLoadModule('/src/app/entry-server.tsx')) as { render: SsrRender }).render
      loadTemplate = async (url) =>
        vite.transformIndexHtml(url, await fs.readFile(path.join(webRoot, 'index.html'), 'utf8'))
    }

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (API_PREFIXES.some((p) => request.url.startsWith(p))) return reply.callNotFound()
      const transport: SsrTransport = async (req) => {
        const headers: Record<string, string> = { ...req.headers, 'x-request-id': request.id }
        for (const name of FORWARDED) {
          const value = request.headers[name]
          if (typeof value === 'string' && !(name in headers)) headers[name] = value
        }
        if (request.headers.host) headers.host = request.headers.host
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
      const render = await loadRender()
      const result: SsrResult = await render({
        url: request.url,
        origin: config.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
        headers: Object.fromEntries(
          Object.entries(request.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
        ),
        country: request.country ?? null,
        restricted: request.restricted,
        transport,
      })
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status)
      const template = await loadTemplate(request.url)
      const html = template
        .replace('<html lang="en">', `<html lang="${result.lang}">`)
        .replace('<!--app-head-->', result.head)
        .replace('<!--app-html-->', result.html)
        .replace(
          '<!--app-state-->',
          `<script id="__AURUM_STATE__" type="application/json">${result.state}</script>`,
        )
      return reply
        .status(result.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'cookie, accept-language')
        .send(html)
    }
    app.get('/*', { schema: { hide: true } }, handler)
    app.get('/', { schema: { hide: true } }, handler)
  },
  { name: 'ssr', dependencies: ['request-context'] },
)
