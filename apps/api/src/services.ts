import { EventLog, JobQueue, type Clock } from '@aurum/db'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { EventOutbox } from './events/outbox.ts'
import { eventJobs } from './events/jobs.ts'
import { LocalCacheBus, type CacheBus } from './lib/cache-bus.ts'
import type { Logger } from './lib/context.ts'
import { killAt } from './lib/fault-points.ts'
import { MailService } from './lib/mail.ts'
import { createMailer } from './lib/mailer.ts'
import type { Redis } from './lib/redis.ts'
import { AuditLog } from './modules/audit/service.ts'
import { AdjustmentService } from './modules/adjustments/service.ts'
import { AdminPaymentsService } from './modules/admin-payments/service.ts'
import { ApprovalService } from './modules/approvals/service.ts'
import { AccountsRepository } from './modules/accounts/repository.ts'
import { AccountsService } from './modules/accounts/service.ts'
import { SignInFailures } from './modules/accounts/sign-in-failures.ts'
import { TwoFactor } from './modules/accounts/two-factor.ts'
import { captchaJobs } from './modules/captcha/jobs.ts'
import { CaptchaService } from './modules/captcha/service.ts'
import { CmsService } from './modules/cms/service.ts'
import { ContactService } from './modules/contact/service.ts'
import { Catalogue } from './modules/games/catalogue.ts'
import { CatalogueAdmin } from './modules/games/admin.ts'
import { ContentAdmin } from './modules/cms/admin.ts'
import { gamesServerUrl } from './modules/games/games-url.ts'
import { SeamlessWallet, type PlayGuard } from './modules/games/wallet.ts'
import { Winners } from './modules/games/winners.ts'
import { RoundFairness } from './modules/history/round-fairness.ts'
import { AccountHistory } from './modules/history/service.ts'
import { InfoService } from './modules/info/service.ts'
import { Ledger } from './modules/ledger/ledger.ts'
import { LimitsService } from './modules/limits/service.ts'
import { CryptoDeposits } from './modules/payments/crypto.ts'
import { paymentJobs } from './modules/payments/jobs.ts'
import { SandboxProvider } from './modules/payments/sandbox-provider.ts'
import { PaymentService } from './modules/payments/service.ts'
import { GdprReports } from './modules/player/gdpr.ts'
import { PlayerService } from './modules/player/service.ts'
import { RealityCheckService } from './modules/reality-check/service.ts'
import { dailyTotalsConsumer } from './modules/reports/daily-totals.ts'
import { ReportsService } from './modules/reports/service.ts'
import { telemetryJobs } from './modules/telemetry/jobs.ts'
import { TelemetryService } from './modules/telemetry/service.ts'
import { WalletService } from './modules/wallets/service.ts'
import { createDocumentStorage } from './modules/verification/select-storage.ts'
import { VerificationService } from './modules/verification/service.ts'
import { RedisSessionStore } from './sessions/store-redis.ts'
import { SqlSessionStore } from './sessions/store-sql.ts'
import { SessionManager } from './sessions/manager.ts'
import { StaffRepository } from './modules/staff/repository.ts'
import { StaffService } from './modules/staff/service.ts'
import { OutgoingMail } from './modules/mail/service.ts'
import { AdminPlayersService } from './modules/admin/players/service.ts'
import { RgService } from './modules/admin/rg/service.ts'

export interface ServiceOptions {
  config: Config
  db: Database
  /** The one clock of every rule decided by time, in services and SQL (tests move it). */
  clock: Clock
  log: Logger
  /** The shared Redis when `REDIS_URL` is set (sessions, sign-in failure limits). */
  redis?: Redis | null
  /** Invalidations of cached data for every node; in this process when not given. */
  caches?: CacheBus
  /** Responsible-gambling rules checked before a game opens and before each bet: the players' limits unless a test gives another. */
  playGuard?: PlayGuard
}

/**
 * Builds the casino's services once, for the HTTP app (app.ts), the command-line tools and the
 * tests alike: the same objects with the same dependencies wherever they run. Nothing here
 * knows HTTP: services take a context or an actor and return outcomes. The dependencies that
 * carry compliance are wired here and required by the services' constructors: the players'
 * limits (deposits, sign-in, play), verification (withdrawals), and the event outbox (every
 * notification the player gets comes through it, whichever process made the change).
 *
 * Building starts nothing: `start()` runs the job queue and the event consumers (a server);
 * a command-line tool does its work and leaves those to the servers.
 */
export async function createServices({
  config,
  db,
  clock,
  log,
  redis = null,
  caches = new LocalCacheBus(),
  playGuard,
}: ServiceOptions) {
  const jobs = new JobQueue(db, { clock, log })
  // Events (docs/events.md): the outbox is written in the changes' transactions; the consumers
  // apply it on whichever node takes their turn.
  const eventLog = new EventLog(db, { pollMs: config.EVENT_POLL_MS, log })
  const events = new EventOutbox(db, log, () => eventLog.nudge())
  eventLog.register(dailyTotalsConsumer())
  const ledger = new Ledger(db, () => events.committed())

  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM, log)
  const mail = new MailService(db, mailer, jobs, log)

  const idleMs = config.SESSION_IDLE_MINUTES * 60_000
  const sessions = new SessionManager(
    redis ? new RedisSessionStore(redis, config.REDIS_PREFIX, idleMs) : new SqlSessionStore(db, idleMs),
    idleMs,
    config.SESSION_MAX_HOURS * 3_600_000,
    events,
    db,
    clock,
  )

  const info = new InfoService(db, caches)
  const cms = new CmsService(db, caches)
  const telemetry = new TelemetryService(db, log, config.CLIENT_LOG_RETENTION_DAYS, clock)
  const contact = new ContactService(db, mailer, config.SUPPORT_EMAIL, jobs, log)
  const captcha = new CaptchaService(
    db,
    {
      sessionSecret: config.SESSION_SECRET,
      complexity: config.CAPTCHA_COMPLEXITY,
      enabledRegister: config.CAPTCHA_ENABLED_REGISTER,
    },
    clock,
  )

  const limits = new LimitsService(db, mail, events, config.LIMIT_CHANGE_DELAY_HOURS * 3_600_000, clock)
  const audit = new AuditLog(db, clock)
  const verification = new VerificationService(
    db,
    createDocumentStorage(config),
    mail,
    {
      maxBytes: config.DOCUMENT_MAX_BYTES,
      maxWaiting: config.DOCUMENT_MAX_WAITING,
      thresholdEuroCents: config.VERIFICATION_REQUIRED_ABOVE,
      thresholdOverrides: config.VERIFICATION_REQUIRED_ABOVE_BY_CURRENCY,
      publicOrigin: config.publicOrigin,
    },
    log,
    clock,
    audit,
  )

  const accountsRepo = new AccountsRepository(db)
  const twoFactor = new TwoFactor(accountsRepo, config.SESSION_SECRET, 'Aurum Casino', clock)
  const outbox = new OutgoingMail(db, mail, audit)
  const staff = new StaffService(db, new StaffRepository(db), clock, audit, mail, {
    publicOrigin: config.publicOrigin,
    answerLinks: config.NODE_ENV !== 'production',
    sessionSecret: config.SESSION_SECRET,
    idleMinutes: config.STAFF_IDLE_MINUTES,
    maxHours: config.STAFF_SESSION_MAX_HOURS,
    issuer: 'Aurum Casino back office',
  })
  // Backup codes stored before issue 19 (plain SHA-256) get the keyed hash; a no-op once done.
  await twoFactor.wrapLegacyBackupCodes()
  const fairness = new RoundFairness(gamesServerUrl(config), config.WALLET_SECRET, log, clock)
  const history = new AccountHistory(db, fairness)
  const accounts = new AccountsService({
    db,
    ledger,
    repo: accountsRepo,
    sessions,
    mail,
    license: 'CW',
    twoFactor,
    jobs,
    clock,
    failures: new SignInFailures(accountsRepo, redis, config.REDIS_PREFIX, () => clock.now().getTime()),
    signInGuard: limits,
  })
  const adminPlayers = new AdminPlayersService({ db, audit, sessions, limits, history, accounts, clock })

  const paymentProvider = new SandboxProvider(config.WALLET_SECRET, db)
  const payments = new PaymentService({
    db,
    ledger,
    provider: paymentProvider,
    events,
    audit,
    limits,
    verification,
    clock,
    faultHook: config.TEST_FAULT_POINT ? killAt(config.TEST_FAULT_POINT) : undefined,
  })
  // Four-eyes (docs/backoffice.md "Four-eyes approvals"): each kind's service carries its requests out.
  const approvals = new ApprovalService(db, audit, clock, {
    withdrawal: config.FOUR_EYES_WITHDRAWAL,
    balance_adjustment: config.FOUR_EYES_ADJUSTMENT,
  })
  const adminPayments = new AdminPaymentsService(db, payments, approvals, clock)
  const adjustments = new AdjustmentService(db, ledger, events, audit, approvals, clock)
  const cryptoDeposits = new CryptoDeposits(db, ledger, config.WALLET_SECRET, clock, events)

  const wallets = new WalletService(db, ledger)
  const winners = new Winners(db)
  const catalogue = new Catalogue(db, caches)
  const gameWallet = new SeamlessWallet(db, ledger, playGuard ?? limits.playGuard(), clock)
  sessions.onEnd((end) => gameWallet.closeSessionsOfSignIn(end))

  const realityCheck = new RealityCheckService(db, config.REALITY_CHECK_MINUTES, () => clock.now())
  // The back office's content and games screens (docs/backoffice.md "Content", "Games").
  const contentAdmin = new ContentAdmin(db, caches, audit)
  const catalogueAdmin = new CatalogueAdmin(db, caches, audit, (roundIds) => fairness.of(roundIds), clock)
  const reports = new ReportsService(db, clock, audit, fairness)
  // The back office's responsible gambling (docs/backoffice.md "Responsible gambling").
  const rg = new RgService({ db, audit, clock, realityCheckDefault: config.REALITY_CHECK_MINUTES })
  const player = new PlayerService(db)
  const gdpr = new GdprReports(db, sessions, mail, clock)

  jobs.register(
    mail.deliveryJob(),
    contact.deliveryJob(),
    accounts.mailRequestJob(),
    ...telemetryJobs(telemetry),
    ...captchaJobs(captcha),
    ...paymentJobs(payments),
    ...eventJobs(db),
  )

  return {
    clock,
    jobs,
    eventLog,
    events,
    ledger,
    mail,
    sessions,
    info,
    cms,
    telemetry,
    contact,
    captcha,
    limits,
    verification,
    accounts,
    twoFactor,
    staff,
    paymentProvider,
    payments,
    approvals,
    adminPayments,
    adjustments,
    cryptoDeposits,
    wallets,
    winners,
    catalogue,
    gameWallet,
    realityCheck,
    history,
    player,
    gdpr,
    audit,
    outbox,
    contentAdmin,
    catalogueAdmin,
    adminPlayers,
    reports,
    rg,
    /** A server's background work: payments left in flight settled first, then the jobs and the event consumers. */
    async start(): Promise<void> {
      // Payments a stopped node left in flight are settled before this node serves.
      await payments
        .reconcileInFlight()
        .catch((err: unknown) => log.error({ err }, 'reconciling payments failed'))
      jobs.start(config.JOBS_POLL_MS)
      await eventLog.start()
    },
    async stop(): Promise<void> {
      await jobs.stop()
      await eventLog.stop()
    },
  }
}

export type Services = Awaited<ReturnType<typeof createServices>>
