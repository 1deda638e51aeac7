import type { FastifyRequest } from 'fastify'
import type { Locale } from '@aurum/shared'
import type { Clock } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { MailService } from '../../lib/mail.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import type { SessionManager } from '../../plugins/session.ts'

export const GDPR_REPORTS_PER_DAY = 3
export const GDPR_REPORT_TTL_DAYS = 7
const DAY_MS = 86_400_000

/**
 * The profile columns a player's export shows. A list of what to include rather than of what to
 * leave out, so a secret column added later (like the password hash or the TOTP secret) never
 * leaks into an export by default.
 */
const PROFILE_COLUMNS = [
  'id',
  'email',
  'unconfirmed_email',
  'nickname',
  'first_name',
  'last_name',
  'gender',
  "to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth",
  'address',
  'city',
  'postal_code',
  'country',
  'mobile_phone',
  'currency',
  'language',
  'verified',
  'confirmed_at',
  'deposit_bonus_code',
  'can_issue_bonuses',
  'profession',
  'stag_id',
  'stag_visit',
  'utm',
  'registration_ip',
  'registration_country',
  'device_fingerprint',
  'sign_in_count',
  'current_sign_in_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
]

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
  constructor(
    private db: Database,
    private sessions: SessionManager,
    private mail: MailService,
    private clock: Clock,
  ) {}

  /** Builds and stores the export, then e-mails the link; at most 3 a day per player (429). */
  async request(request: FastifyRequest): Promise<void> {
    const userId = request.requireUser()
    const user = userId.toString()
    // Live sessions come through the session manager: their store may not be this database.
    const sessions = await this.sessions.list(userId, request.session?.id ?? null)
    const token = newToken()
    const now = this.clock.now()
    const player = await this.db.transaction(async (tx) => {
      // Locking the player's row serialises their concurrent requests, so the daily limit holds.
      const [row] = await tx.query<{ email: string; language: string }>(
        'SELECT email, language FROM users WHERE id = $1 FOR UPDATE',
        [user],
      )
      if (!row) throw new AppError('unauthorized', 401)
      const [recent] = await tx.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM gdpr_reports WHERE user_id = $1 AND created_at > $2`,
        [user, new Date(now.getTime() - DAY_MS)],
      )
      if (Number(recent!.n) >= GDPR_REPORTS_PER_DAY) throw new AppError('gdpr_report_limit', 429)
      await tx.query('DELETE FROM gdpr_reports WHERE user_id = $1 AND expires_at <= $2', [user, now])
      const content = toJson({ ...(await this.collect(tx, userId)), sessions })
      await tx.query(
        `INSERT INTO gdpr_reports (user_id, token_hash, content, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [user, hashToken(token), content, now, new Date(now.getTime() + GDPR_REPORT_TTL_DAYS * DAY_MS)],
      )
      return row
    })
    await this.mail.send({
      to: player.email,
      template: 'gdpr_report',
      locale: player.language as Locale,
      userId,
      vars: {
        link: `${request.publicOrigin}/api/gdpr_reports/${token}`,
        days: String(GDPR_REPORT_TTL_DAYS),
      },
    })
  }

  /** The stored export behind a link, for its own player while it is valid; null otherwise. */
  async download(userId: bigint, token: string): Promise<string | null> {
    const [row] = await this.db.query<{ content: string }>(
      `UPDATE gdpr_reports SET downloaded_at = $3
        WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3
        RETURNING content`,
      [hashToken(token), userId.toString(), this.clock.now()],
    )
    return row?.content ?? null
  }

  /**
   * Everything in the database about the player. Never: password hash, 2FA secrets, backup codes,
   * token hashes, storage keys. Left out on purpose: the fraud checks' scores (telling them would
   * defeat them; GDPR Art. 23) and the raw ledger, which the wallets, payments and rounds show.
   */
  private async collect(tx: Executor, userId: bigint) {
    const id = userId.toString()
    const [profile] = await tx.query(`SELECT ${PROFILE_COLUMNS.join(', ')} FROM users WHERE id = $1`, [id])
    const [extra] = await tx.query<{
      email_normalized: string
      terms_accepted_at: Date | null
      receive_promos: boolean
      receive_sms_promos: boolean
      receive_promos_via_phone_calls: boolean
      agreed_to_partner_promotions: boolean
      two_factor_enabled_at: Date | null
    }>(
      `SELECT email_normalized, terms_accepted_at, receive_promos, receive_sms_promos,
              receive_promos_via_phone_calls, agreed_to_partner_promotions, two_factor_enabled_at
         FROM users WHERE id = $1`,
      [id],
    )
    const { email_normalized: address, two_factor_enabled_at: twoFactorAt, ...consents } = extra!
    return {
      generated_at: this.clock.now().toISOString(),
      profile,
      groups: await tx.query(
        `SELECT g.group_id AS id, coalesce(s.name, c.name, g.group_id::text) AS name, g.added_at
           FROM user_groups g
           LEFT JOIN statuses s ON s.id = g.group_id
           LEFT JOIN user_groups_catalog c ON c.id = g.group_id
          WHERE g.user_id = $1 ORDER BY g.added_at, g.group_id`,
        [id],
      ),
      consents,
      two_factor: { enabled: twoFactorAt !== null, enabled_at: twoFactorAt },
      failed_sign_ins: await tx.query(
        'SELECT ip, created_at FROM auth_failures WHERE email_normalized = $1 ORDER BY id',
        [address],
      ),
      contact_messages: await tx.query(
        `SELECT content, locale, remote_addr, user_agent, created_at FROM contact_messages
          WHERE lower(email) = $1 ORDER BY id`,
        [address],
      ),
      // What was sent and when; not the bodies, which hold links with live tokens.
      emails: await tx.query(
        `SELECT to_address, subject, template, locale, created_at, sent_at FROM email_outbox
          WHERE user_id = $1 OR lower(to_address) = $2 ORDER BY id`,
        [id, address],
      ),
      data_exports: await tx.query(
        'SELECT created_at, expires_at, downloaded_at FROM gdpr_reports WHERE user_id = $1 ORDER BY id',
        [id],
      ),
      ...(await this.money(tx, id)),
      ...(await this.play(tx, id)),
      limits: await tx.query(
        `SELECT type, period, amounts, lifetime, ends_at, pending, pending_removal, requested_at,
                confirmed_at, created_at, removed_at
           FROM user_limits WHERE user_id = $1 ORDER BY id`,
        [id],
      ),
      // The files themselves are downloadable one by one on /users/verification.
      documents: await tx.query(
        `SELECT id, document_type, description, file_name, content_type, size_bytes, sha256, status,
                rejection_reason, reviewed_at, created_at, updated_at
           FROM player_documents WHERE user_id = $1 ORDER BY id`,
        [id],
      ),
    }
  }

  /** Wallets with their balances (minor units), payments and the saved payment methods (masked as stored). */
  private async money(tx: Executor, id: string) {
    return {
      wallets: await tx.query(
        `SELECT w.currency, w.active, r.balance AS real_balance_cents, b.balance AS bonus_balance_cents,
                w.created_at, w.hidden_at
           FROM wallets w
           JOIN ledger_accounts r ON r.id = w.real_account_id
           JOIN ledger_accounts b ON b.id = w.bonus_account_id
          WHERE w.user_id = $1 ORDER BY w.created_at, w.currency`,
        [id],
      ),
      payments: await tx.query(
        `SELECT id, action, method_id, currency, amount_cents, fee_cents, state, provider, details,
                cancellation_reason, created_at, finished_at
           FROM payments WHERE user_id = $1 ORDER BY id`,
        [id],
      ),
      saved_payment_methods: await tx.query(
        `SELECT method_id, title, card_bin, card_last4, expiry, created_at, deleted_at
           FROM payment_saved_profiles WHERE user_id = $1 ORDER BY created_at`,
        [id],
      ),
      crypto_addresses: await tx.query(
        'SELECT currency, address, created_at FROM crypto_addresses WHERE user_id = $1 ORDER BY created_at',
        [id],
      ),
    }
  }

  /** Game rounds (bets and wins in minor units), favourites and the games last played. */
  private async play(tx: Executor, id: string) {
    const [total] = await tx.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM game_rounds WHERE user_id = $1',
      [id],
    )
    return {
      game_rounds_total: Number(total!.n),
      game_rounds: await tx.query(
        `SELECT r.round_id, g.identifier AS game, g.title AS game_title, r.currency,
                r.total_bets AS bet_cents, r.total_wins AS win_cents, r.status, r.created_at, r.finished_at
           FROM game_rounds r JOIN games g ON g.id = r.game_id
          WHERE r.user_id = $1 ORDER BY r.id DESC LIMIT $2`,
        [id, GDPR_ROUNDS_MAX],
      ),
      favorite_games: await tx.query(
        `SELECT g.identifier AS game, g.title AS game_title, f.created_at
           FROM favorite_games f JOIN games g ON g.id = f.game_id
          WHERE f.user_id = $1 ORDER BY f.created_at`,
        [id],
      ),
      played_games: await tx.query(
        `SELECT g.identifier AS game, g.title AS game_title, p.last_activity_at
           FROM played_games p JOIN games g ON g.id = p.game_id
          WHERE p.user_id = $1 ORDER BY p.last_activity_at DESC`,
        [id],
      ),
    }
  }
}
