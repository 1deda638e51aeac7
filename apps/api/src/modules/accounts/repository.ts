import type { SqlDatabase } from '@aurum/db'
import type { Executor } from '../../db/client.ts'
import type { UserRow } from './profile.ts'

export type MailRequestKind = 'password_reset' | 'confirmation'
export interface MailRequestRow {
  id: bigint
  kind: MailRequestKind
  email_normalized: string
  origin: string
}

/** What registration writes of a new player (the checks are the service's). */
export interface NewUser {
  email: string
  emailNormalized: string
  passwordHash: string
  currency: string
  country: string | null
  language: string
  receivePromos: boolean
  receiveSmsPromos: boolean
  nickname: string | null
  firstName: string | null
  lastName: string | null
  stagId: string | null
  stagVisit: string | null
  utm: Record<string, string>
  registrationIp: string
  registrationCountry: string | null
  deviceFingerprint: string | null
}

/**
 * The accounts module's data: players, their tokens and mail requests, second factor and backup
 * codes, sign-in failures. Statements only: the rules are the services'.
 */
export class AccountsRepository {
  constructor(private db: SqlDatabase) {}

  // ── Players ────────────────────────────────────────────────────────────────────────────────

  async findById(id: bigint, executor: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await executor.query<UserRow>('SELECT * FROM users WHERE id = $1', [id.toString()])
    return row
  }

  async findByEmail(normalized: string, executor: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await executor.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      normalized,
    ])
    return row
  }

  /** The player's groups and statuses with their names, in the order they were added. */
  async groupsOf(userId: bigint): Promise<Array<{ id: number; name: string }>> {
    return this.db.query<{ id: number; name: string }>(
      `SELECT g.group_id AS id, coalesce(s.name, c.name, g.group_id::text) AS name
         FROM user_groups g
         LEFT JOIN statuses s ON s.id = g.group_id
         LEFT JOIN user_groups_catalog c ON c.id = g.group_id
        WHERE g.user_id = $1
        ORDER BY g.added_at, g.group_id`,
      [userId.toString()],
    )
  }

  /** Whether the currency is known, and the country too when one is given. */
  async currencyAndCountryKnown(currency: string, country: string | null): Promise<boolean> {
    const [known] = await this.db.query<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM currencies WHERE code = $1) AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM countries WHERE code = $2)) AS ok`,
      [currency, country],
    )
    return known!.ok
  }

  async countryKnown(country: string): Promise<boolean> {
    const [known] = await this.db.query('SELECT 1 FROM countries WHERE code = $1', [country])
    return known !== undefined
  }

  /** The new player, or undefined when the address is taken. */
  async insertUser(tx: Executor, user: NewUser): Promise<UserRow | undefined> {
    const [row] = await tx.query<UserRow>(
      `INSERT INTO users (email, email_normalized, password_hash, currency, country, language, terms_accepted_at,
         receive_promos, receive_sms_promos, nickname, first_name, last_name, stag_id, stag_visit, utm,
         registration_ip, registration_country, device_fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6, now(), $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17)
       ON CONFLICT (email_normalized) DO NOTHING
       RETURNING *`,
      [
        user.email,
        user.emailNormalized,
        user.passwordHash,
        user.currency,
        user.country,
        user.language,
        user.receivePromos,
        user.receiveSmsPromos,
        user.nickname,
        user.firstName,
        user.lastName,
        user.stagId,
        user.stagVisit,
        JSON.stringify(user.utm),
        user.registrationIp,
        user.registrationCountry,
        user.deviceFingerprint,
      ],
    )
    return row
  }

  /** A new player's first two groups: the status and the A/B test variant. */
  async addFirstGroups(tx: Executor, userId: bigint, status: number, abGroup: number): Promise<void> {
    await tx.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2), ($1, $3)', [
      userId.toString(),
      status,
      abGroup,
    ])
  }

  async recordFirstSignIn(userId: bigint): Promise<void> {
    await this.db.query('UPDATE users SET sign_in_count = 1, current_sign_in_at = now() WHERE id = $1', [
      userId.toString(),
    ])
  }

  async recordSignIn(userId: bigint): Promise<void> {
    await this.db.query(
      `UPDATE users SET sign_in_count = sign_in_count + 1, last_sign_in_at = current_sign_in_at, current_sign_in_at = now()
       WHERE id = $1`,
      [userId.toString()],
    )
  }

  /** Profile fields by name (the service has checked the names against its list) and the terms. */
  async updateProfile(userId: bigint, fields: Array<[string, unknown]>, acceptTerms: boolean): Promise<void> {
    const sets = fields.map(([k], i) => `${k} = $${i + 2}`)
    if (acceptTerms) sets.push('terms_accepted_at = coalesce(terms_accepted_at, now())')
    await this.db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      userId.toString(),
      ...fields.map(([, v]) => v),
    ])
  }

  async markConfirmed(tx: Executor, userId: bigint): Promise<void> {
    await tx.query(
      'UPDATE users SET confirmed_at = coalesce(confirmed_at, now()), updated_at = now() WHERE id = $1',
      [userId.toString()],
    )
  }

  /** Whether another player has the address. */
  async emailTakenByOther(tx: Executor, normalized: string, userId: bigint): Promise<boolean> {
    const [taken] = await tx.query('SELECT 1 FROM users WHERE email_normalized = $1 AND id <> $2', [
      normalized,
      userId.toString(),
    ])
    return taken !== undefined
  }

  async emailTaken(tx: Executor, normalized: string): Promise<boolean> {
    const [taken] = await tx.query('SELECT 1 FROM users WHERE email_normalized = $1', [normalized])
    return taken !== undefined
  }

  /** The requested address becomes the account's, confirmed; false when another request replaced it. */
  async swapEmail(tx: Executor, userId: bigint, email: string, normalized: string): Promise<boolean> {
    const swapped = await tx.query(
      `UPDATE users SET email = $2, email_normalized = $3, unconfirmed_email = NULL,
         confirmed_at = now(), updated_at = now()
       WHERE id = $1 AND unconfirmed_email = $2 RETURNING id`,
      [userId.toString(), email, normalized],
    )
    return swapped.length > 0
  }

  async setPasswordHash(tx: Executor, userId: bigint, passwordHash: string): Promise<void> {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      passwordHash,
    ])
  }

  /** The address waiting for confirmation; null cancels a pending change. */
  async setUnconfirmedEmail(tx: Executor, userId: bigint, email: string | null): Promise<void> {
    await tx.query('UPDATE users SET unconfirmed_email = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      email,
    ])
  }

  // ── One-time link tokens and mail requests ─────────────────────────────────────────────────

  /**
   * Voids the player's outstanding reset links and the reset requests not yet handled for the
   * address. The request rows go first: a drain holding one commits its token before the DELETE
   * returns, and the UPDATE then voids that token too.
   */
  async voidResetLinks(tx: Executor, userId: bigint): Promise<void> {
    await tx.query(
      `DELETE FROM account_mail_requests WHERE kind = 'password_reset'
         AND email_normalized = (SELECT email_normalized FROM users WHERE id = $1)`,
      [userId.toString()],
    )
    await tx.query(
      `UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL`,
      [userId.toString()],
    )
  }

  /** Links mailed to an old address stop working with it. */
  async voidTokens(tx: Executor, userId: bigint): Promise<void> {
    await tx.query('UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId.toString(),
    ])
  }

  async insertToken(
    executor: Executor,
    token: {
      hash: string
      userId: bigint
      purpose: string
      expiresAt: Date
      email: string | null
      createdAt: Date
    },
  ): Promise<void> {
    await executor.query(
      `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [token.hash, token.userId.toString(), token.purpose, token.expiresAt, token.email, token.createdAt],
    )
  }

  async countTokensSince(executor: Executor, userId: bigint, purpose: string, since: Date): Promise<number> {
    const [row] = await executor.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
      [userId.toString(), purpose, since],
    )
    return Number(row!.n)
  }

  /** Marks a live token used; its player (and the address of an e-mail change), or undefined. */
  async useToken(
    executor: Executor,
    hash: string,
    purpose: string,
    now: Date,
  ): Promise<{ user_id: bigint; email: string | null } | undefined> {
    const [row] = await executor.query<{ user_id: bigint; email: string | null }>(
      `UPDATE user_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id, email`,
      [hash, purpose, now],
    )
    return row
  }

  /** A confirmation token, with the address it was sent to and where the account stands now. */
  async confirmationTokenState(
    hash: string,
  ): Promise<{ email: string | null; email_normalized: string; confirmed: boolean } | undefined> {
    const [row] = await this.db.query<{ email: string | null; email_normalized: string; confirmed: boolean }>(
      `SELECT t.email, u.email_normalized, u.confirmed_at IS NOT NULL AS confirmed
         FROM user_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.purpose = 'confirmation'`,
      [hash],
    )
    return row
  }

  async insertMailRequest(
    tx: Executor,
    kind: MailRequestKind,
    normalized: string,
    locale: string,
    origin: string,
  ): Promise<bigint> {
    const [row] = await tx.query<{ id: bigint }>(
      `INSERT INTO account_mail_requests (kind, email_normalized, locale, origin) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [kind, normalized, locale, origin],
    )
    return row!.id
  }

  /** Claims (deletes) a mail request; undefined when it is gone (handled, or voided by a new password). */
  async claimMailRequest(tx: Executor, id: string): Promise<MailRequestRow | undefined> {
    const [claimed] = await tx.query<MailRequestRow>(
      `DELETE FROM account_mail_requests WHERE id = $1 RETURNING id, kind, email_normalized, origin`,
      [id],
    )
    return claimed
  }

  async dropMailRequest(id: string): Promise<void> {
    await this.db.query('DELETE FROM account_mail_requests WHERE id = $1', [id])
  }

  // ── Second factor ──────────────────────────────────────────────────────────────────────────

  /** Whether a 2FA sign-in challenge has served already. */
  async challengeUsed(nonce: string): Promise<boolean> {
    const [spent] = await this.db.query('SELECT 1 FROM two_factor_challenges_used WHERE id = $1', [nonce])
    return spent !== undefined
  }

  /** Records a challenge as used (and forgets the player's expired ones); false when it was already. */
  async claimChallenge(nonce: string, userId: bigint, expiresAt: Date, now: Date): Promise<boolean> {
    const claimed = await this.db.query(
      `WITH old AS (DELETE FROM two_factor_challenges_used WHERE user_id = $2 AND expires_at < $4)
       INSERT INTO two_factor_challenges_used (id, user_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [nonce, userId.toString(), expiresAt, now],
    )
    return claimed.length > 0
  }

  /** Records a TOTP time step as used, if it is later than the last one; false otherwise. */
  async advanceTotpStep(userId: bigint, step: bigint | number): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id',
      [userId.toString(), step],
    )
    return rows.length > 0
  }

  /** Turns 2FA on, guarded by the generation the set-up was derived from; false when it moved. */
  async enableTwoFactor(
    tx: Executor,
    userId: bigint,
    step: bigint | number,
    sealedSecret: string,
    generation: number,
  ): Promise<boolean> {
    const on = await tx.query(
      `UPDATE users SET two_factor_secret = $3, two_factor_generation = two_factor_generation + 1,
         two_factor_enabled_at = now(), two_factor_last_step = $2, updated_at = now()
       WHERE id = $1 AND two_factor_enabled_at IS NULL AND two_factor_generation = $4 RETURNING id`,
      [userId.toString(), step, sealedSecret, generation],
    )
    return on.length > 0
  }

  async disableTwoFactor(tx: Executor, userId: bigint): Promise<void> {
    await tx.query(
      `UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL,
         two_factor_generation = two_factor_generation + 1, updated_at = now() WHERE id = $1`,
      [userId.toString()],
    )
    await tx.query('DELETE FROM user_backup_codes WHERE user_id = $1', [userId.toString()])
  }

  async replaceBackupCodes(tx: Executor, userId: bigint, hashes: string[]): Promise<void> {
    await tx.query('DELETE FROM user_backup_codes WHERE user_id = $1', [userId.toString()])
    await tx.query(
      `INSERT INTO user_backup_codes (user_id, code_hash, keyed, legacy)
       SELECT $1, unnest($2::text[]), true, false`,
      [userId.toString(), hashes],
    )
  }

  async unusedBackupCodes(userId: bigint): Promise<Array<{ code_hash: string; keyed: boolean }>> {
    return this.db.query<{ code_hash: string; keyed: boolean }>(
      'SELECT code_hash, keyed FROM user_backup_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId.toString()],
    )
  }

  /** Claims a backup code; false when another request used it first. */
  async useBackupCode(userId: bigint, hash: string): Promise<boolean> {
    const used = await this.db.query(
      'UPDATE user_backup_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id',
      [userId.toString(), hash],
    )
    return used.length > 0
  }

  async backupCodeStatus(userId: bigint): Promise<{ remaining: bigint; outdated: boolean }> {
    const [row] = await this.db.query<{ remaining: bigint; outdated: boolean }>(
      `SELECT count(*) AS remaining, coalesce(bool_or(legacy), false) AS outdated
         FROM user_backup_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId.toString()],
    )
    return row!
  }

  async unkeyedBackupCodes(): Promise<Array<{ user_id: bigint; code_hash: string }>> {
    return this.db.query<{ user_id: bigint; code_hash: string }>(
      'SELECT user_id, code_hash FROM user_backup_codes WHERE NOT keyed',
    )
  }

  /** Replaces an old-kind code by its keyed hash, guarded by its old value; false when done already. */
  async wrapBackupCode(userId: bigint, oldHash: string, keyedHash: string): Promise<boolean> {
    const done = await this.db.query(
      `UPDATE user_backup_codes SET code_hash = $3, keyed = true
        WHERE user_id = $1 AND code_hash = $2 AND NOT keyed RETURNING user_id`,
      [userId.toString(), oldHash, keyedHash],
    )
    return done.length > 0
  }

  // ── Sign-in failures (without Redis) ───────────────────────────────────────────────────────

  /**
   * Takes an attempt's place under both limits in one transaction: the address's and the
   * account's advisory locks (always in that order), the counts since the windows' starts, and
   * the record when neither limit is reached. The refusal names the limit reached first.
   */
  async takeFailurePlace(
    email: string,
    ip: string,
    now: number,
    limits: { accountSince: Date; ipSince: Date; accountMax: number; ipMax: number },
  ): Promise<bigint | 'account_locked' | 'too_many_attempts'> {
    return this.db.transaction(async (tx) => {
      await tx.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('sign-in-failures:ip:' || $1, 0)),
                pg_advisory_xact_lock(hashtextextended('sign-in-failures:account:' || $2, 0))`,
        [ip, email],
      )
      const [counts] = await tx.query<{ account: bigint; ip: bigint }>(
        `SELECT (SELECT count(*) FROM auth_failures WHERE email_normalized = $1 AND created_at > $3) AS account,
                (SELECT count(*) FROM auth_failures WHERE ip = $2 AND created_at > $4) AS ip`,
        [email, ip, limits.accountSince, limits.ipSince],
      )
      if (Number(counts!.account) >= limits.accountMax) return 'account_locked' as const
      if (Number(counts!.ip) >= limits.ipMax) return 'too_many_attempts' as const
      const [row] = await tx.query<{ id: bigint }>(
        'INSERT INTO auth_failures (email_normalized, ip, created_at) VALUES ($1, $2, $3) RETURNING id',
        [email, ip, new Date(now)],
      )
      return row!.id
    })
  }

  async deleteFailure(id: bigint): Promise<void> {
    await this.db.query('DELETE FROM auth_failures WHERE id = $1', [id.toString()])
  }

  async deleteFailuresOf(email: string): Promise<void> {
    await this.db.query('DELETE FROM auth_failures WHERE email_normalized = $1', [email])
  }

  async insertFailure(email: string, ip: string): Promise<void> {
    await this.db.query('INSERT INTO auth_failures (email_normalized, ip) VALUES ($1, $2)', [email, ip])
  }
}
