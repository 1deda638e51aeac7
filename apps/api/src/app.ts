import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { FastifySchemaCompiler } from 'fastify'
import type { ZodType } from 'zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { RequestValidationError } from './lib/errors.ts'
import { unsafeTextIssues } from './lib/safe-text.ts'
import { systemClock, type Clock, type JobQueue } from '@aurum/db'
import { createServices, type Services } from './services.ts'
import { accountsRoutes } from './modules/accounts/routes.ts'
import { devRoutes } from './modules/dev/routes.ts'
import { securityRoutes } from './modules/security/routes.ts'
import { playerRoutes } from './modules/player/routes.ts'
import { captchaRoutes } from './modules/captcha/routes.ts'
import { settingsRoutes } from './modules/settings/routes.ts'
import { walletRoutes } from './modules/wallets/routes.ts'
import { realtimeKey } from './lib/realtime-credentials.ts'
import { paymentRoutes } from './modules/payments/routes.ts'
import { callbackRoutes } from './modules/payments/callbacks.ts'
import { sandboxPageRoutes } from './modules/payments/sandbox-pages.ts'
import { devChainRoutes } from './modules/payments/dev-routes.ts'
import { gameRoutes } from './modules/games/routes.ts'
import { type PlayGuard } from './modules/games/wallet.ts'
import { gameWalletRoutes } from './modules/games/wallet-routes.ts'
import { gamesPort, gamesUrlFor } from './modules/games/games-url.ts'
import { gameArtRoutes } from './modules/games/art-routes.ts'
import realtime from './realtime/plugin.ts'
import { RealtimeNotifier } from './realtime/notifier.ts'
import { realtimeConsumer } from './realtime/event-consumer.ts'
import { MovableClock } from './lib/clock.ts'
import { limitsRoutes } from './modules/limits/routes.ts'
import { realityCheckRoutes } from './modules/reality-check/routes.ts'
import { historyRoutes } from './modules/history/routes.ts'
import { verificationRoutes } from './modules/verification/routes.ts'
import { verificationAdminRoutes } from './modules/verification/admin-routes.ts'
import { mailAdminRoutes } from './modules/mail/routes.ts'
import errors from './plugins/errors.ts'
import lifecycle from './plugins/lifecycle.ts'
import redis from './plugins/redis.ts'
import cacheBus from './plugins/cache-bus.ts'
import session from './plugins/session.ts'
import staffSession from './plugins/staff-session.ts'
import { staffRoutes } from './modules/staff/routes.ts'
import { auditRoutes } from './modules/audit/routes.ts'
import { adminContentRoutes, uploadRoutes } from './modules/cms/admin-routes.ts'
import { adminGameRoutes } from './modules/games/admin-routes.ts'
import { adminPlayersRoutes } from './modules/admin/players/routes.ts'
import { reportsRoutes } from './modules/reports/routes.ts'
import { rgRoutes } from './modules/admin/rg/routes.ts'
import { adminPaymentsRoutes } from './modules/admin-payments/routes.ts'
import { approvalsRoutes } from './modules/approvals/routes.ts'
import { adjustmentsRoutes } from './modules/adjustments/routes.ts'
import csrf from './plugins/csrf.ts'
import transportSecurity from './plugins/transport-security.ts'
import { casinoOrigins } from './lib/public-origin.ts'
import requestContext from './plugins/request-context.ts'
import requestGuard from './plugins/request-guard.ts'
import ssr, { type SsrMode } from './plugins/ssr.ts'
import backoffice from './plugins/backoffice.ts'
import { cmsRoutes } from './modules/cms/routes.ts'
import { contactRoutes } from './modules/contact/routes.ts'
import { infoRoutes } from './modules/info/routes.ts'
import { serverDataRoutes } from './modules/serverdata/routes.ts'
import { telemetryRoutes } from './modules/telemetry/routes.ts'
import { FILES_DIR } from './db/seed/index.ts'
import fastifyStatic from '@fastify/static'

export interface AppOptions {
  config: Config
  db: Database
  /** How the web app is served: the built bundle, Vite in development, or not at all (api tests). */
  ssr?: SsrMode
  /** true: log to stdout; a stream: log there (tests read it); false: no logs. */
  logger?: boolean | NodeJS.WritableStream
  /** Responsible-gambling rules checked before a game opens and before each bet. */
  playGuard?: PlayGuard
  /** The one clock of every rule decided by time, in services and SQL (tests move it). */
  clock?: Clock
}

export const VERSION = process.env.npm_package_version ?? '0.1.0'

/**
 * Zod validation that keeps the issues, so the error handler can answer 400 or 422 with translated
 * messages. Every body, query, params and headers also passes the text check (no NUL, no lone
 * surrogate) here, once for every route, whatever its schema accepts.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const unsafe = unsafeTextIssues(data)
    const result = schema.safeParse(data, { reportInput: true })
    if (unsafe.length > 0) {
      return { error: new RequestValidationError([...unsafe, ...(result.error?.issues ?? [])]) }
    }
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) }
  }

export async function buildApp({
  config,
  db,
  ssr: ssrMode = 'none',
  logger = true,
  playGuard,
  clock: givenClock,
}: AppOptions): Promise<FastifyInstance> {
  // One clock for the services and the job queue: a test's, a movable one for browser tests
  // (TEST_CLOCK, moved through POST /dev/clock), or the system's.
  const clock = givenClock ?? (config.TEST_CLOCK ? new MovableClock() : systemClock)
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.cookie', 'req.headers.authorization'],
          ...(typeof logger === 'object' ? { stream: logger } : {}),
        }
      : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(lifecycle)
  // Signed cookies (the 2FA sign-in challenge) use the session secret.
  await app.register(cookie, { secret: config.SESSION_SECRET })
  // Before anything reads the host or the path (a bad Host is 400, `//x` is 404).
  await app.register(requestGuard)
  await app.register(requestContext, { config })
  await app.register(errors)
  await app.register(csrf, { origins: casinoOrigins(config) })
  await app.register(redis, { config })
  await app.register(cacheBus, { config })
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ssrMode === 'development' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ssrMode === 'development' ? ["'self'", 'ws:'] : ["'self'"],
        // The game frame (spec §2) loads the game server's pages.
        'frame-src': [config.GAMES_URL ? new URL(config.GAMES_URL).origin : `*:${gamesPort(config)}`],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Sent by transport-security, on requests that came over TLS only (never on plain HTTP).
    strictTransportSecurity: false,
  })
  await app.register(transportSecurity)
  // Dynamic responses use a fast brotli level; built assets are precompressed at the highest one.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  // With Redis every node counts in the same place (under REDIS_PREFIX); alone, in its memory.
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:` } : {}),
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aurum Casino API',
        version: VERSION,
        description:
          'The casino api. Bare JSON bodies as in the platform the client was written for; errors are `{code, error, errors?}`: 400 malformed, 422 field errors, 401, 403, 404, 429, 451.',
      },
    },
    transform: jsonSchemaTransform,
  })
  // The description stays public at /api/docs/json (clients are generated from it); the UI, a
  // development tool with its own scripts, is not served in production.
  if (config.NODE_ENV !== 'production') await app.register(swaggerUi, { routePrefix: '/api/docs' })
  else app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger())

  const services = await createServices({
    config,
    db,
    clock,
    log: app.log,
    redis: app.redis,
    caches: app.caches,
    playGuard,
  })
  const {
    info,
    cms,
    telemetry,
    contact,
    accounts,
    captcha,
    limits,
    verification,
    wallets,
    payments,
    cryptoDeposits,
    paymentProvider,
    catalogue,
    gameWallet,
    winners,
    eventLog,
  } = services
  await app.register(session, { sessions: services.sessions })
  await app.register(staffSession, { staff: services.staff })
  await app.register(realtime, { config })
  // The realtime notifications are a consumer of the events, on the node whose hub holds the sockets.
  const notifier = new RealtimeNotifier(
    app.realtime,
    {
      accounts: (userId) => wallets.list(userId),
      notableWin: (provider, roundId) => winners.ofRound(provider, roundId),
    },
    app.log,
  )
  eventLog.register(realtimeConsumer(notifier))
  app.decorate('services', services)

  await app.register(infoRoutes, {
    info,
    supportEmail: config.SUPPORT_EMAIL,
    captcha: captcha.config,
    limitChangeDelayHours: config.LIMIT_CHANGE_DELAY_HOURS,
  })
  await app.register(cmsRoutes, { cms })
  await app.register(telemetryRoutes, { telemetry })
  await app.register(contactRoutes, { contact })
  await app.register(serverDataRoutes, { version: VERSION, now: () => clock.now() })
  await app.register(accountsRoutes, {
    accounts,
    captcha,
    registrationsPerHour: config.REGISTRATIONS_PER_HOUR,
  })
  await app.register(captchaRoutes, { captcha })
  await app.register(settingsRoutes, {
    captcha,
    realtimeKey: realtimeKey(config.SESSION_SECRET),
  })
  await app.register(securityRoutes)
  await app.register(limitsRoutes, { limits })
  await app.register(realityCheckRoutes, { realityCheck: services.realityCheck })
  await app.register(verificationRoutes, { verification })
  await app.register(walletRoutes, { wallets })
  await app.register(paymentRoutes, { payments, crypto: cryptoDeposits })
  await app.register(callbackRoutes, { payments })
  await app.register(sandboxPageRoutes, { payments, provider: paymentProvider })
  await app.register(gameRoutes, {
    catalogue,
    wallet: gameWallet,
    gamesUrl: (request) => gamesUrlFor(config, request),
    winners,
  })
  await app.register(gameWalletRoutes, { wallet: gameWallet, walletSecret: config.WALLET_SECRET })
  await app.register(gameArtRoutes, { catalogue })
  await app.register(historyRoutes, {
    history: services.history,
    gamesUrl: (request) => gamesUrlFor(config, request),
    now: () => clock.now(),
  })
  await app.register(playerRoutes, {
    player: services.player,
    gdpr: services.gdpr,
    accounts,
    now: () => clock.now(),
  })
  await app.register(staffRoutes, { staff: services.staff })
  await app.register(auditRoutes, { audit: services.audit })
  await app.register(verificationAdminRoutes, { verification, now: () => clock.now() })
  await app.register(mailAdminRoutes, {
    outbox: services.outbox,
    staff: services.staff,
    now: () => clock.now(),
  })
  await app.register(adminContentRoutes, { content: services.contentAdmin })
  await app.register(uploadRoutes, { content: services.contentAdmin })
  await app.register(adminGameRoutes, { games: services.catalogueAdmin })
  await app.register(adminPlayersRoutes, { players: services.adminPlayers })
  await app.register(reportsRoutes, { reports: services.reports })
  await app.register(rgRoutes, { rg: services.rg, now: () => services.clock.now() })
  await app.register(adminPaymentsRoutes, { adminPayments: services.adminPayments })
  await app.register(approvalsRoutes, { approvals: services.approvals })
  await app.register(adjustmentsRoutes, { adjustments: services.adjustments })
  // The development outbox: never in production.
  if (config.NODE_ENV !== 'production') {
    await app.register(devRoutes, {
      mail: services.mail,
      beforeRead: () => accounts.drainMailRequests(),
      clock: clock instanceof MovableClock ? clock : undefined,
    })
    await app.register(devChainRoutes, { crypto: cryptoDeposits })
  }
  await app.register(fastifyStatic, {
    root: FILES_DIR,
    prefix: '/files/',
    decorateReply: false,
    maxAge: '1d',
  })

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.query('SELECT 1')
    return { status: 'ok' }
  })

  if (ssrMode !== 'none') {
    await app.register(backoffice, { config, mode: ssrMode })
    await app.register(ssr, { config, mode: ssrMode })
  }

  // Scheduled and retried work (durable jobs, each run on one node) and the event consumers.
  app.decorate('jobs', services.jobs)
  app.addHook('onReady', () => services.start())
  app.addHook('onClose', async () => {
    await services.stop()
    notifier.stop()
  })
  return app
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
    /** The casino's services (services.ts), as the routes use them; tests reach them here. */
    services: Services
  }
}
