import { SUBSCRIPTION_FLAGS, type Subscriptions } from '@aurum/shared/contracts/player'
import type { Locale } from '@aurum/shared'
import type { Database, Executor } from '../../db/client.ts'

/** Rows of a data export: written out as they are read, JSON of whatever the columns hold. */
export type ExportRows = Array<Record<string, unknown>>

/** The sign-in and consent columns of a player's export (the address keys the other lookups). */
export interface ExportAccountRow {
  email_normalized: string
  terms_accepted_at: Date | null
  receive_promos: boolean
  receive_sms_promos: boolean
  receive_promos_via_phone_calls: boolean
  agreed_to_partner_promotions: boolean
  two_factor_enabled_at: Date | null
}

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
 * The SQL of the player's own settings (phone, subscriptions, self-service groups, language) and
 * of the GDPR data exports (`gdpr_reports`, and the reads of everything an export shows).
 */
export class PlayerRepository {
  constructor(private db: Database) {}

  // ── Settings ──────────────────────────────────────────────────────────────────────────────

  async findPhone(userId: bigint): Promise<string | null | undefined> {
    const [row] = await this.db.query<{ mobile_phone: string | null }>(
      'SELECT mobile_phone FROM users WHERE id = $1',
      [userId.toString()],
    )
    return row?.mobile_phone
  }

  async updatePhone(userId: bigint, number: string): Promise<void> {
    await this.db.query('UPDATE users SET mobile_phone = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      number,
    ])
  }

  /** Clears the number; false when there was none. */
  async clearPhone(userId: bigint): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE users SET mobile_phone = NULL, updated_at = now() WHERE id = $1 AND mobile_phone IS NOT NULL RETURNING id',
      [userId.toString()],
    )
    return rows.length > 0
  }

  async findSubscriptions(userId: bigint): Promise<Subscriptions | undefined> {
    const [row] = await this.db.query<Subscriptions>(
      `SELECT ${SUBSCRIPTION_FLAGS.join(', ')} FROM users WHERE id = $1`,
      [userId.toString()],
    )
    return row
  }

  /**
   * Sets the flags given and returns all of them; undefined when there is no such player. Column
   * names come from the fixed list, never from the request.
   */
  async updateSubscriptions(
    userId: bigint,
    flags: Partial<Subscriptions>,
  ): Promise<Subscriptions | undefined> {
    const entries = SUBSCRIPTION_FLAGS.flatMap((f) =>
      flags[f] === undefined ? [] : [[f, flags[f]] as const],
    )
    const [row] = await this.db.query<Subscriptions>(
      `UPDATE users SET ${entries.map(([f], i) => `${f} = $${i + 2}`).join(', ')}, updated_at = now()
        WHERE id = $1 RETURNING ${SUBSCRIPTION_FLAGS.join(', ')}`,
      [userId.toString(), ...entries.map(([, v]) => v)],
    )
    return row
  }

  async removeFromGroup(tx: Executor, userId: bigint, groupId: number): Promise<void> {
    await tx.query('DELETE FROM user_groups WHERE user_id = $1 AND group_id = $2', [
      userId.toString(),
      groupId,
    ])
  }

  async addToGroup(tx: Executor, userId: bigint, groupId: number): Promise<void> {
    await tx.query(
      'INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT (user_id, group_id) DO NOTHING',
      [userId.toString(), groupId],
    )
  }

  async updateLanguage(userId: bigint, locale: Locale): Promise<void> {
    await this.db.query('UPDATE users SET language = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      locale,
    ])
  }

  // ── GDPR reports ──────────────────────────────────────────────────────────────────────────

  /** The player's address and language, their row locked until the transaction ends. */
  async lockUser(tx: Executor, userId: bigint): Promise<{ email: string; language: string } | undefined> {
    const [row] = await tx.query<{ email: string; language: string }>(
      'SELECT email, language FROM users WHERE id = $1 FOR UPDATE',
      [userId.toString()],
    )
    return row
  }

  async countReportsSince(tx: Executor, userId: bigint, since: Date): Promise<number> {
    const [recent] = await tx.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM gdpr_reports WHERE user_id = $1 AND created_at > $2`,
      [userId.toString(), since],
    )
    return Number(recent!.n)
  }

  async deleteExpiredReports(tx: Executor, userId: bigint, now: Date): Promise<void> {
    await tx.query('DELETE FROM gdpr_reports WHERE user_id = $1 AND expires_at <= $2', [
      userId.toString(),
      now,
    ])
  }

  async insertReport(
    tx: Executor,
    report: { userId: bigint; tokenHash: string; content: string; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO gdpr_reports (user_id, token_hash, content, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [report.userId.toString(), report.tokenHash, report.content, report.createdAt, report.expiresAt],
    )
  }

  /** Marks the player's report with this token downloaded while it is valid at `now`; its content. */
  async markReportDownloaded(tokenHash: string, userId: bigint, now: Date): Promise<string | undefined> {
    const [row] = await this.db.query<{ content: string }>(
      `UPDATE gdpr_reports SET downloaded_at = $3
        WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3
        RETURNING content`,
      [tokenHash, userId.toString(), now],
    )
    return row?.content
  }

  // ── What an export shows (each read in the export's transaction) ─────────────────────────

  async exportProfile(tx: Executor, id: string): Promise<Record<string, unknown> | undefined> {
    const [profile] = await tx.query(`SELECT ${PROFILE_COLUMNS.join(', ')} FROM users WHERE id = $1`, [id])
    return profile
  }

  async exportAccount(tx: Executor, id: string): Promise<ExportAccountRow | undefined> {
    const [extra] = await tx.query<ExportAccountRow>(
      `SELECT email_normalized, terms_accepted_at, receive_promos, receive_sms_promos,
              receive_promos_via_phone_calls, agreed_to_partner_promotions, two_factor_enabled_at
         FROM users WHERE id = $1`,
      [id],
    )
    return extra
  }

  exportGroups(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT g.group_id AS id, coalesce(s.name, c.name, g.group_id::text) AS name, g.added_at
           FROM user_groups g
           LEFT JOIN statuses s ON s.id = g.group_id
           LEFT JOIN user_groups_catalog c ON c.id = g.group_id
          WHERE g.user_id = $1 ORDER BY g.added_at, g.group_id`,
      [id],
    )
  }

  exportFailedSignIns(tx: Executor, address: string): Promise<ExportRows> {
    return tx.query('SELECT ip, created_at FROM auth_failures WHERE email_normalized = $1 ORDER BY id', [
      address,
    ])
  }

  exportContactMessages(tx: Executor, address: string): Promise<ExportRows> {
    return tx.query(
      `SELECT content, locale, remote_addr, user_agent, created_at FROM contact_messages
          WHERE lower(email) = $1 ORDER BY id`,
      [address],
    )
  }

  /** What was sent and when; not the bodies, which hold links with live tokens. */
  exportEmails(tx: Executor, id: string, address: string): Promise<ExportRows> {
    return tx.query(
      `SELECT to_address, subject, template, locale, created_at, sent_at FROM email_outbox
          WHERE user_id = $1 OR lower(to_address) = $2 ORDER BY id`,
      [id, address],
    )
  }

  exportDataExports(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      'SELECT created_at, expires_at, downloaded_at FROM gdpr_reports WHERE user_id = $1 ORDER BY id',
      [id],
    )
  }

  exportLimits(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT type, period, amounts, lifetime, ends_at, pending, pending_removal, requested_at,
                confirmed_at, created_at, removed_at
           FROM user_limits WHERE user_id = $1 ORDER BY id`,
      [id],
    )
  }

  exportDocuments(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT id, document_type, description, file_name, content_type, size_bytes, sha256, status,
                rejection_reason, reviewed_at, created_at, updated_at
           FROM player_documents WHERE user_id = $1 ORDER BY id`,
      [id],
    )
  }

  exportWallets(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT w.currency, w.active, r.balance AS real_balance_cents, b.balance AS bonus_balance_cents,
                w.created_at, w.hidden_at
           FROM wallets w
           JOIN ledger_accounts r ON r.id = w.real_account_id
           JOIN ledger_accounts b ON b.id = w.bonus_account_id
          WHERE w.user_id = $1 ORDER BY w.created_at, w.currency`,
      [id],
    )
  }

  exportPayments(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT id, action, method_id, currency, amount_cents, fee_cents, state, provider, details,
                cancellation_reason, created_at, finished_at
           FROM payments WHERE user_id = $1 ORDER BY id`,
      [id],
    )
  }

  exportSavedPaymentMethods(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT method_id, title, card_bin, card_last4, expiry, created_at, deleted_at
           FROM payment_saved_profiles WHERE user_id = $1 ORDER BY created_at`,
      [id],
    )
  }

  exportCryptoAddresses(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      'SELECT currency, address, created_at FROM crypto_addresses WHERE user_id = $1 ORDER BY created_at',
      [id],
    )
  }

  async countRounds(tx: Executor, id: string): Promise<number> {
    const [total] = await tx.query<{ n: bigint }>(
      'SELECT count(*) AS n FROM game_rounds WHERE user_id = $1',
      [id],
    )
    return Number(total!.n)
  }

  /** The newest `max` rounds. */
  exportRounds(tx: Executor, id: string, max: number): Promise<ExportRows> {
    return tx.query(
      `SELECT r.round_id, g.identifier AS game, g.title AS game_title, r.currency,
                r.total_bets AS bet_cents, r.total_wins AS win_cents, r.status, r.created_at, r.finished_at
           FROM game_rounds r JOIN games g ON g.id = r.game_id
          WHERE r.user_id = $1 ORDER BY r.id DESC LIMIT $2`,
      [id, max],
    )
  }

  exportFavoriteGames(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT g.identifier AS game, g.title AS game_title, f.created_at
           FROM favorite_games f JOIN games g ON g.id = f.game_id
          WHERE f.user_id = $1 ORDER BY f.created_at`,
      [id],
    )
  }

  exportPlayedGames(tx: Executor, id: string): Promise<ExportRows> {
    return tx.query(
      `SELECT g.identifier AS game, g.title AS game_title, p.last_activity_at
           FROM played_games p JOIN games g ON g.id = p.game_id
          WHERE p.user_id = $1 ORDER BY p.last_activity_at DESC`,
      [id],
    )
  }
}
