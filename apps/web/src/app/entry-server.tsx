import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
  type UIMatch,
} from 'react-router'
import { dehydrate } from '@tanstack/react-query'
import {
  BOT_USER_AGENT,
  hasSessionCookie,
  localeFallbacks,
  type Locale,
  type SsrRender,
  type SsrSink,
} from '@aurum/shared'
import type { I18n } from '../lib/i18n.ts'
import { HttpError, MESSAGES } from '../lib/http/errors.ts'
import type { Transport } from '../lib/http/client.ts'
import { createI18n, loadMessages } from '../lib/i18n.ts'
import { AppRoot } from './app-root.tsx'
import { createServices } from './create-services.ts'
import { PLAYER_QUERY_KEY } from '../features/account/api/get-player.ts'
import { serializeErrors, serializeState, type InitialState } from './initial-state.ts'
import { createRoutes } from './routes.tsx'
import { canonicalForMatches, modulesForMatches, seoForMatches } from './route-seo.ts'
import { buildHead, renderHead } from './seo.ts'
import { parseLocation } from './url.ts'
import type { AppServices } from '../lib/services.tsx'
import type { RouteObject } from 'react-router'

/** One translation instance per language for the process: it never changes language, so renders share it. */
const i18nByLocale = new Map<Locale, Promise<I18n>>()
function serverI18n(locale: Locale): Promise<I18n> {
  let instance = i18nByLocale.get(locale)
  if (!instance) {
    instance = loadMessages(locale).then((messages) => createI18n(locale, messages))
    i18nByLocale.set(locale, instance)
  }
  return instance
}

/**
 * The route table and its static handler are built once per router basename, not per render (they
 * were a tenth of a render's time): their loaders reach the services of the render they run for
 * through `currentServices`, which each render sets for its own asynchronous context, so concurrent
 * renders (a player's and a guest's) never see each other's services.
 */
const currentServices = new AsyncLocalStorage<AppServices>()
function renderScoped<T extends object>(pick: (services: AppServices) => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const services = currentServices.getStore()
      if (!services) throw new Error('route services used outside a server render')
      const target = pick(services)
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}
const routeServices = new Proxy({} as AppServices, {
  get(_, key: keyof AppServices) {
    if (
      key === 'http' ||
      key === 'queryClient' ||
      key === 'env' ||
      key === 'logger' ||
      key === 'navigation'
    ) {
      return scopedParts[key]
    }
    const services = currentServices.getStore()
    if (!services) throw new Error('route services used outside a server render')
    return services[key]
  },
})
const scopedParts = {
  http: renderScoped((s) => s.http),
  queryClient: renderScoped((s) => s.queryClient),
  env: renderScoped((s) => s.env),
  logger: renderScoped((s) => s.logger),
  navigation: renderScoped((s) => s.navigation),
}
const handlers = new Map<string, StaticHandler>()
function staticHandler(basename: string): StaticHandler {
  let handler = handlers.get(basename)
  if (!handler) {
    handler = createStaticHandler(createRoutes(routeServices), { basename })
    handlers.set(basename, handler)
  }
  return handler
}

/**
 * `createStaticRouter(handler.dataRoutes, context)`, without converting the whole route table again on
 * every render: the conversion is kept per handler while its routes stay as they are (a lazy route
 * resolving changes its route in place, and the next render converts again), and each render's
 * router is the library's for its context with the kept routes, manifest and matches.
 */
const routers = new WeakMap<StaticHandler, { lazy: string; router: ReturnType<typeof createStaticRouter> }>()
function staticRouter(handler: StaticHandler, context: StaticHandlerContext) {
  const lazy = lazyRoutes(handler.dataRoutes)
  const kept = routers.get(handler)
  if (!kept || kept.lazy !== lazy) {
    const router = createStaticRouter(handler.dataRoutes, context)
    routers.set(handler, { lazy, router })
    return router
  }
  const { routes, manifest } = kept.router
  const router = createStaticRouter([], context)
  const matches = context.matches.map((match) => ({
    ...match,
    route: manifest[match.route.id] ?? match.route,
  }))
  // The library's state of this render (a new object on every reading), with the kept routes' matches.
  const state = Object.getOwnPropertyDescriptor(router, 'state')!
  return Object.defineProperties(router, {
    routes: { get: () => routes },
    manifest: { get: () => manifest },
    state: { get: () => ({ ...(state.get!.call(router) as typeof router.state), matches }) },
  })
}

/** Which routes of a table are still lazy (what resolving a lazy route changes), as a string. */
function lazyRoutes(routes: readonly RouteObject[]): string {
  let out = ''
  for (const route of routes) {
    const lazy = route.lazy
    if (lazy === undefined) out += '.'
    else if (typeof lazy === 'function') out += 'f'
    else for (const key in lazy) out += lazy[key as keyof typeof lazy] === undefined ? '-' : key
    if (route.children) out += `(${lazyRoutes(route.children)})`
  }
  return out
}

/** Server-side render of one request: route data loaded, HTML, head tags and the initial state. */
export const render: SsrRender = async (request) => {
  const url = new URL(request.url, request.origin)
  const parsed = parseLocation(url.pathname, url.search, request.country, request.restricted)
  if (parsed.redirect !== undefined) return { kind: 'redirect', status: 302, location: parsed.redirect }

  const env = {
    locale: parsed.locale,
    defaultLocale: parsed.defaultLocale,
    country: request.country,
    restricted: request.restricted,
    basename: parsed.basename,
    origin: request.origin,
    isBot: BOT_USER_AGENT.test(request.headers['user-agent'] ?? ''),
  }
  // Server-side calls go through the api in-process, with an 8 s timeout and no retries (spec §7).
  const transport: Transport = (config) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new HttpError(MESSAGES.timeout(config.timeoutMs), config)),
        config.timeoutMs,
      )
      request
        .transport({
          method: config.method,
          url: config.url,
          headers: {
            ...config.headers,
            cookie: `locale=${env.locale}${request.headers.cookie ? `; ${request.headers.cookie}` : ''}`,
          },
          body: typeof config.body === 'string' ? config.body : undefined,
        })
        .then(resolve, () => reject(new HttpError(MESSAGES.network, config)))
        .finally(() => clearTimeout(timer))
    })
  const services = createServices({ env, transport, isSsr: true })
  // A guest's profile: without a session cookie the api can only refuse it (401), which the player
  // query reads as null. Known before the loaders, as the query they would have stored: no round
  // trip and no error thrown and caught on every guest render.
  if (!hasSessionCookie(request.headers.cookie)) services.queryClient.setQueryData(PLAYER_QUERY_KEY, null)
  const i18n = await serverI18n(env.locale)

  const handler = staticHandler(env.basename)
  const context = await currentServices.run(services, () =>
    handler.query(new Request(url, { headers: { 'user-agent': request.headers['user-agent'] ?? '' } })),
  )
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' }
  }
  const router = staticRouter(handler, context)
  const page = (
    <AppRoot services={services} i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>
  )

  const matches = context.matches.map((m) => ({
    id: m.route.id,
    pathname: m.pathname,
    params: m.params,
    loaderData: undefined,
    handle: m.route.handle as unknown,
  })) as UIMatch[]
  const routePath = canonicalForMatches(matches, context.location.pathname)
  const head = buildHead(seoForMatches(matches, { t: i18n.t, queryClient: services.queryClient, env }), {
    origin: request.origin,
    path: routePath,
    locale: env.locale,
    defaultLocale: env.defaultLocale,
    guest: env.restricted,
    brand: i18n.t('common.brand'),
  })
  // After the markup: what the page's components read is what the browser's cache starts with.
  const state = () =>
    serializeState({
      env,
      baseUrl: '/',
      query: dehydrate(services.queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
    } satisfies InitialState)
  const shell = {
    status: context.statusCode,
    lang: env.locale,
    head: renderHead(head),
    // What the page loads before it hydrates: its lazy routes and its language bundles.
    modules: [
      ...modulesForMatches(context.matches),
      ...localeFallbacks(env.locale).map((l) => `../../packages/shared/src/locales/${l}.json`),
    ],
  }
  if (request.stream) {
    return {
      kind: 'stream',
      ...shell,
      body: (out, onError) => streamMarkup(page, out, onError).then(state),
    }
  }
  const html = renderToString(page)
  return { kind: 'html', ...shell, html, state: state() }
}

/**
 * React's streaming render of `page` into `out`; resolves once the markup is complete. The markup
 * goes out in one piece when it is complete: a browser painting part of it (the head's styles are
 * long there) would show later parts moving in (the shift test saw a game page shift by 0.027
 * when the markup went out in React's chunks). The shell failing (an error outside any Suspense
 * boundary) leaves the markup empty; errors inside a boundary are React's to recover from in the
 * browser. Both are reported to `onError`.
 */
function streamMarkup(page: ReactNode, out: SsrSink, onError: (error: unknown) => void): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        out.write(Buffer.concat(chunks))
        callback()
        resolve()
      },
    })
    const stream = renderToPipeableStream(page, {
      onShellReady: () => stream.pipe(sink),
      // Already reported to onError, as every error of the render is.
      onShellError: () => resolve(),
      onError,
    })
  })
}

const flattenRoutes = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])])

/**
 * The source module of every lazy route (`handle.module`): the server embeds their files in each page
 * for the browser to preload on a link's hover or focus (app/route-preload.ts).
 */
export const routeModules: string[] = [
  ...new Set(flattenRoutes(createRoutes(routeServices)).flatMap((r) => modulesForMatches([{ route: r }]))),
]
