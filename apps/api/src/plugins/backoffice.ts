import fs from 'node:fs/promises'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../config.ts'

/**
 * The back office's bundle at /backoffice (apps/backoffice): a client-rendered app, so every path
 * under it answers its index page and the router there picks the screen. Production serves the
 * build (hashed assets cached for a year, the page never cached); development mounts Vite's
 * middleware for hot reload. The page carries no data: everything comes from /api/admin, behind
 * the staff session.
 */
/** Whether a path under /backoffice names one of Vite's modules rather than a screen. */
export function isModule(url: string): boolean {
  const pathname = url.split('?')[0]!
  return /^\/(@|src\/|node_modules\/)/.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)
}

export default fp(
  async (app: FastifyInstance, { config, mode }: { config: Config; mode: 'production' | 'development' }) => {
    const root = path.join(config.repoRoot, 'apps/backoffice')
    const page = (reply: FastifyReply, html: string) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .send(html)

    if (mode === 'production') {
      const dist = path.join(root, 'dist')
      const index = await fs.readFile(path.join(dist, 'index.html'), 'utf8')
      await app.register(fastifyStatic, {
        root: path.join(dist, 'assets'),
        prefix: '/backoffice/assets/',
        decorateReply: false,
        index: false,
        setHeaders(reply) {
          reply.header('cache-control', 'public, max-age=31536000, immutable')
        },
      })
      app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => page(reply, index))
      app.get('/backoffice/*', { schema: { hide: true } }, (request, reply) =>
        request.url.startsWith('/backoffice/assets/') ? reply.callNotFound() : page(reply, index),
      )
      return
    }

    const { createServer } = await import('vite')
    const vite = await createServer({
      configFile: path.join(root, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { port: 24_679 + (config.PORT % 1000) } },
      appType: 'custom',
    })
    app.addHook('onClose', () => vite.close())
    if (!app.hasDecorator('use')) await app.register((await import('@fastify/middie')).default)
    // Vite serves the modules (/backoffice/src/…, /backoffice/@vite/…, /backoffice/@fs/…); a screen's
    // address (no file extension) is the page, ours.
    app.use((req, res, next) => {
      const url = req.url ?? '/'
      if (url.startsWith('/backoffice/') && isModule(url.slice('/backoffice'.length))) {
        vite.middlewares(req, res, next)
      } else next()
    })
    const render = async (url: string) =>
      vite.transformIndexHtml(url, await fs.readFile(path.join(root, 'index.html'), 'utf8'))
    app.get('/backoffice', { schema: { hide: true } }, async (request, reply) =>
      page(reply, await render(request.url)),
    )
    app.get('/backoffice/*', { schema: { hide: true } }, async (request, reply) =>
      page(reply, await render(request.url)),
    )
  },
  { name: 'backoffice' },
)
