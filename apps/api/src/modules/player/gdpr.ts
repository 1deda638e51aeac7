import type { Locale } from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import type { RequestContext } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import type { MailService } from '../../lib/mail.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import type { SessionManager } from '../../plugins/session.ts'
import { PlayerRepository } from './repository.ts'

export const GDPR_REPORTS_PER_DAY = 3
export const GDPR_REPORT_TTL_DAYS = 7
const DAY_MS = 86_400_000

/**
 * Game rounds in an export, newest first: a player of years can have millions, which one JSON
 * document cannot hold; beyond this the export says how many there are in all
 * (`game_rounds_total`), and the history pages and their CSV exports list them by date.
 */
export const GDPR_ROUNDS_MAX = 100_000

/** JSON of database rows: int8 columns arrive as bigint, which JSON.stringify refuses. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2)

/**
 * GDPR data exports (right of access): everything held on the player, built on request and
 * delivered through an e-mailed link that works for 7 days, for the same player only.
 */
export class GdprReports {
  private repo: PlayerRepository

  constructor(
    private db: Database,
    private sessions: SessionManager,
    private mail: MailService,
    private clock: Clock,
  ) {
    this.repo = new PlayerRepository(db)
  }

  /**
   * Builds and stores the export, then e-mails the link; at most 3 a day per player (429).
   * `sessionId` is the session asking (the export marks it as the current one).
   */
  async request(
    userId: bigint,
    sessionId: string | null,
    ctx: Pick<RequestContext, 'publicOrigin'>,
  ): Promise<void> {
    // Live sessions come through the session manager: their store may not be this database.
    const sessions = await this.sessions.list(userId, sessionId)
    const token = newToken()
    const now = this.clock.now()
    const player = await this.db.transaction(async (tx) => {
      // Locking the player's row serialises their concurrent requests, so the daily limit holds.
      const row = await this.repo.lockUser(tx, userId)
      if (!row) throw new AppError('unauthorized', 401)
      const recent = await this.repo.countReportsSince(tx, userId, new Date(now.getTime() - DAY_MS))
      if (recent >= GDPR_REPORTS_PER_DAY) throw new AppError('gdpr_report_limit', 429)
      await this.repo.deleteExpiredReports(tx, userId, now)
      const content = toJson({ ...(await this.collect(tx, userId)), sessions })
      await this.repo.insertReport(tx, {
        userId,
        tokenHash: hashToken(token),
        content,
        createdAt: now,
        expiresAt: new Date(now.getTime() + GDPR_REPORT_TTL_DAYS * DAY_MS),
      })
      return row
    })
    await this.mail.send({
      to: player.email,
      template: 'gdpr_report',
      locale: player.language as Locale,
      userId,
      vars: {
        link: `${ctx.publicOrigin}/api/gdpr_reports/${token}`,
        days: String(GDPR_REPORT_TTL_DAYS),
      },
    })
  }

  /** The stored export behind a link, for its own player while it is valid; null otherwise. */
  async download(userId: bigint, token: string): Promise<string | null> {
    return (await this.repo.markReportDownloaded(hashToken(token), userId, this.clock.now())) ?? null
  }

  /**
   * Everything in the database about the player. Never: password hash, 2FA secrets, backup codes,
   * token hashes, storage keys. Left out on purpose: the fraud checks' scores (telling them would
   * defeat them; GDPR Art. 23) and the raw ledger, which the wallets, payments and rounds show.
   */
  private async collect(tx: Executor, userId: bigint) {
    const id = userId.toString()
    const profile = await this.repo.exportProfile(tx, id)
    const extra = await this.repo.exportAccount(tx, id)
    const { email_normalized: address, two_factor_enabled_at: twoFactorAt, ...consents } = extra!
    return {
      generated_at: this.clock.now().toISOString(),
      profile,
      groups: await this.repo.exportGroups(tx, id),
      consents,
      two_factor: { enabled: twoFactorAt !== null, enabled_at: twoFactorAt },
      failed_sign_ins: await this.repo.exportFailedSignIns(tx, address),
      contact_messages: await this.repo.exportContactMessages(tx, address),
      emails: await this.repo.exportEmails(tx, id, address),
      data_exports: await this.repo.exportDataExports(tx, id),
      ...(await this.money(tx, id)),
      ...(await this.play(tx, id)),
      limits: await this.repo.exportLimits(tx, id),
      // The files themselves are downloadable one by one on /users/verification.
      documents: await this.repo.exportDocuments(tx, id),
    }
  }

  /** Wallets with their balances (minor units), payments and the saved payment methods (masked as stored). */
  private async money(tx: Executor, id: string) {
    return {
      wallets: await this.repo.exportWallets(tx, id),
      payments: await this.repo.exportPayments(tx, id),
      saved_payment_methods: await this.repo.exportSavedPaymentMethods(tx, id),
      crypto_addresses: await this.repo.exportCryptoAddresses(tx, id),
    }
  }

  /** Game rounds (bets and wins in minor units), favourites and the games last played. */
  private async play(tx: Executor, id: string) {
    return {
      game_rounds_total: await this.repo.countRounds(tx, id),
      game_rounds: await this.repo.exportRounds(tx, id, GDPR_ROUNDS_MAX),
      favorite_games: await this.repo.exportFavoriteGames(tx, id),
      played_games: await this.repo.exportPlayedGames(tx, id),
    }
  }
}
