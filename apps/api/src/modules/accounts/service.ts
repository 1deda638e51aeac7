import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { defaultCurrencyFor, STATUSES, type Locale } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { MailService } from '../../lib/mail.ts'
import type { SessionManager } from '../../plugins/session.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'
import { loadUser, toUserInfo, type UserInfo, type UserRow } from './profile.ts'
import type { TwoFactor, TwoFactorSetup } from './two-factor.ts'

/** Between the password and the one-time code of a 2FA sign-in: a signed cookie naming the player. */
const CHALLENGE_COOKIE = 'otp_challenge'
const CHALLENGE_TTL_MS = 5 * 60_000
/** Changing 2FA needs a password entered within this long (else the password again). */
const REAUTH_WINDOW_MS = 15 * 60_000

export type SignInResult = UserInfo | { two_factor_required: true }

const BRONZE = STATUSES.find((s) => s.name === 'bronze')!.id
/** The registration A/B test (spec §6): odd ids get variant A (543), even ids variant B (544). */
export const abGroupFor = (id: bigint) => (id % 2n === 1n ? 543 : 544)

const CONFIRMATION_TTL_MS = 48 * 3_600_000
const RESET_TTL_MS = 3_600_000
/** Failed sign-ins: at most 100 an hour per account (then locked), 20 per 15 minutes per address. */
export const ACCOUNT_FAILURES_PER_HOUR = 100
export const IP_FAILURES_PER_15_MIN = 20

export const normalizeEmail = (email: string) => email.trim().toLowerCase()
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

export interface ProfilePatch {
  nickname?: string
  first_name?: string
  last_name?: string
  gender?: 'm' | 'f'
  date_of_birth?: string
  country?: string
  city?: string
  address?: string
  postal_code?: string
  mobile_phone?: string
  receive_promos?: boolean
  receive_sms_promos?: boolean
  terms_acceptance?: true
}

const ONCE_SET = ['first_name', 'last_name', 'date_of_birth'] as const
const isoOrText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value)

export interface RegistrationInput {
  email: string
  password: string
  currency?: string
  country?: string
  terms_acceptance: boolean
  receive_promos?: boolean
  receive_sms_promos?: boolean
  nickname?: string
  first_name?: string
  last_name?: string
  dfpc?: string
  stag?: string
}

export class AccountsService {
  constructor(
    private db: Database,
    private sessions: SessionManager,
    private mail: MailService,
    private license: string,
    private publicUrl: string | undefined,
    private twoFactor: TwoFactor,
  ) {}

  async profile(userId: bigint): Promise<UserInfo> {
    const user = await loadUser(this.db, userId)
    if (!user) throw new AppError('unauthorized', 401)
    return toUserInfo(this.db, user, this.license)
  }

  async register(input: RegistrationInput, request: FastifyRequest, reply: FastifyReply): Promise<UserInfo> {
    if (request.restricted) throw new AppError('registration_restricted', 451)
    const locale = request.locale
    const email = input.email.trim()
    const normalized = normalizeEmail(email)
    const country = (input.country ?? request.country)?.toUpperCase() ?? null
    const currency = input.currency ?? defaultCurrencyFor(country)
    const [known] = await this.db.query<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM currencies WHERE code = $1) AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM countries WHERE code = $2)) AS ok`,
      [currency, country],
    )
    if (!known!.ok) {
      throw new AppError('validation_failed', 422, {
        [input.currency ? 'currency' : 'country']: [
          t(locale, 'validation.one_of', {
            field: t(locale, input.currency ? 'fields.currency' : 'fields.country'),
          }),
        ],
      })
    }
    const passwordHash = await hashPassword(input.password)
    const [stagId, ...visit] = (input.stag ?? '').split('_')
    const utm = Object.fromEntries(
      ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].flatMap((name) => {
        const value = request.cookies[name]
        return value ? [[name, value.slice(0, 200)]] : []
      }),
    )
    const user = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<UserRow>(
        `INSERT INTO users (email, email_normalized, password_hash, currency, country, language, terms_accepted_at,
           receive_promos, receive_sms_promos, nickname, first_name, last_name, stag_id, stag_visit, utm,
           registration_ip, registration_country, device_fingerprint)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17)
         ON CONFLICT (email_normalized) DO NOTHING
         RETURNING *`,
        [
          email,
          normalized,
          passwordHash,
          currency,
          country,
          locale,
          input.receive_promos ?? false,
          input.receive_sms_promos ?? false,
          input.nickname ?? null,
          input.first_name ?? null,
          input.last_name ?? null,
          stagId || null,
          visit.join('_') || null,
          JSON.stringify(utm),
          request.ip,
          request.country ?? null,
          input.dfpc ?? null,
        ],
      )
      if (!row) {
        throw new AppError('validation_failed', 422, { email: [t(locale, 'validation.email_taken')] })
      }
      await tx.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2), ($1, $3)', [
        row.id.toString(),
        BRONZE,
        abGroupFor(row.id),
      ])
      return row
    })
    await this.sendConfirmation(user, locale, request)
    await this.sessions.start(request, reply, user.id)
    await this.db.query('UPDATE users SET sign_in_count = 1, current_sign_in_at = now() WHERE id = $1', [
      user.id.toString(),
    ])
    return this.profile(user.id)
  }

  /** Email and password; failures are counted per account and per address, and answered alike for unknown accounts. */
  async signIn(
    email: string,
    password: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SignInResult> {
    if (request.restricted) throw new AppError('login_restricted', 451)
    const normalized = normalizeEmail(email)
    const [counts] = await this.db.query<{ account: bigint; ip: bigint }>(
      `SELECT (SELECT count(*) FROM auth_failures WHERE email_normalized = $1 AND created_at > now() - interval '1 hour') AS account,
              (SELECT count(*) FROM auth_failures WHERE ip = $2 AND created_at > now() - interval '15 minutes') AS ip`,
      [normalized, request.ip],
    )
    if (Number(counts!.account) >= ACCOUNT_FAILURES_PER_HOUR) throw new AppError('account_locked', 429)
    if (Number(counts!.ip) >= IP_FAILURES_PER_15_MIN) throw new AppError('too_many_attempts', 429)
    const [user] = await this.db.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      normalized,
    ])
    // The same work for unknown accounts, so neither answer nor timing tells them apart.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password)
    if (!user || !ok) {
      await this.db.query('INSERT INTO auth_failures (email_normalized, ip) VALUES ($1, $2)', [
        normalized,
        request.ip,
      ])
      throw new AppError('invalid_credentials', 422, {
        base: [t(request.locale, 'api.errors.invalid_credentials')],
      })
    }
    if (user.two_factor_enabled_at) {
      reply.setCookie(CHALLENGE_COOKIE, `${user.id.toString()}.${Date.now() + CHALLENGE_TTL_MS}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/api/users',
        maxAge: CHALLENGE_TTL_MS / 1000,
      })
      return { two_factor_required: true }
    }
    return this.completeSignIn(user.id, request, reply)
  }

  /** The second step of a 2FA sign-in: a code from the authenticator app, or a backup code. */
  async signInWithCode(code: string, request: FastifyRequest, reply: FastifyReply): Promise<UserInfo> {
    const raw = request.cookies[CHALLENGE_COOKIE]
    const unsigned = raw ? request.unsignCookie(raw) : undefined
    const [id, expires] = unsigned?.valid && unsigned.value ? unsigned.value.split('.') : []
    if (!id || !expires || Number(expires) < Date.now()) {
      throw new AppError('two_factor_expired', 422, {
        otp_attempt: [t(request.locale, 'api.errors.two_factor_expired')],
      })
    }
    const userId = BigInt(id)
    const user = (await loadUser(this.db, userId))!
    const email = normalizeEmail(user.email)
    const [failures] = await this.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM auth_failures WHERE email_normalized = $1 AND created_at > now() - interval '1 hour'`,
      [email],
    )
    if (Number(failures!.n) >= ACCOUNT_FAILURES_PER_HOUR) throw new AppError('account_locked', 429)
    if (!(await this.acceptCode(user, code))) {
      await this.db.query('INSERT INTO auth_failures (email_normalized, ip) VALUES ($1, $2)', [
        email,
        request.ip,
      ])
      throw new AppError('invalid_code', 422, { otp_attempt: [t(request.locale, 'api.errors.invalid_code')] })
    }
    reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/users' })
    return this.completeSignIn(userId, request, reply)
  }

  /** A TOTP code (each time step once) or an unused backup code. */
  private async acceptCode(user: UserRow, code: string): Promise<boolean> {
    const secret = this.twoFactor.secretOf(user.two_factor_secret)
    if (!secret) return false
    const step = await this.twoFactor.check(secret, code.trim(), user.two_factor_last_step)
    if (step !== null) {
      // Conditional on the last step, so two requests with the same code cannot both pass.
      const rows = await this.db.query(
        'UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id',
        [user.id.toString(), step],
      )
      return rows.length > 0
    }
    return this.twoFactor.useBackupCode(user.id, code)
  }

  /** GET /api/v2/player/two_factor: a new secret to scan, or null when 2FA is on already. */
  async twoFactorSetup(userId: bigint): Promise<TwoFactorSetup | null> {
    const user = (await loadUser(this.db, userId))!
    if (user.two_factor_enabled_at) return null
    return this.twoFactor.setup(userId, user.email)
  }

  /** Turns 2FA on with a code from the pending secret; sessions rotate and backup codes are issued. */
  async enableTwoFactor(
    otpSecret: string,
    code: string,
    password: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ otp_secret: string; data: string; backup_codes: string[] }> {
    const userId = request.requireUser()
    const user = (await loadUser(this.db, userId))!
    await this.requireRecentPassword(user, password, request)
    const pending = this.twoFactor.secretOf(user.two_factor_pending_secret)
    if (user.two_factor_enabled_at || !pending || pending !== otpSecret) {
      throw new AppError('validation_failed', 422, {
        otp_secret: [t(request.locale, 'api.errors.two_factor_setup_expired')],
      })
    }
    const step = await this.twoFactor.check(pending, code.trim(), null)
    if (step === null) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(request.locale, 'api.errors.invalid_code')],
      })
    }
    const codes = await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = NULL,
           two_factor_enabled_at = now(), two_factor_last_step = $2, updated_at = now() WHERE id = $1`,
        [userId.toString(), step],
      )
      return this.twoFactor.newBackupCodes(tx, userId)
    })
    await this.sessions.revokeOthers(userId, null)
    await this.sessions.start(request, reply, userId)
    return { otp_secret: otpSecret, data: '', backup_codes: codes }
  }

  /** Turns 2FA off: the password and a current code (or a backup code); sessions rotate. */
  async disableTwoFactor(
    code: string,
    password: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const userId = request.requireUser()
    const user = (await loadUser(this.db, userId))!
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('validation_failed', 422, {
        password: [t(request.locale, 'api.errors.invalid_password')],
      })
    }
    if (!user.two_factor_enabled_at || !(await this.acceptCode(user, code))) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(request.locale, 'api.errors.invalid_code')],
      })
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL,
           updated_at = now() WHERE id = $1`,
        [userId.toString()],
      )
      await tx.query('DELETE FROM user_backup_codes WHERE user_id = $1', [userId.toString()])
    })
    await this.sessions.revokeOthers(userId, null)
    await this.sessions.start(request, reply, userId)
  }

  /** Sensitive changes need a password entered recently: at sign-in, or given again now. */
  private async requireRecentPassword(user: UserRow, password: string | undefined, request: FastifyRequest) {
    const at = request.session?.reauthenticatedAt?.getTime() ?? 0
    if (Date.now() - at < REAUTH_WINDOW_MS) return
    if (password && (await verifyPassword(user.password_hash, password))) return
    throw new AppError('reauthentication_required', 403, {
      password: [t(request.locale, 'api.errors.reauthentication_required')],
    })
  }

  private async completeSignIn(
    userId: bigint,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<UserInfo> {
    await this.sessions.start(request, reply, userId)
    await this.db.query(
      `UPDATE users SET sign_in_count = sign_in_count + 1, last_sign_in_at = current_sign_in_at, current_sign_in_at = now()
       WHERE id = $1`,
      [userId.toString()],
    )
    return this.profile(userId)
  }

  /**
   * Profile edits (registration steps 2 and 3, the profile page). Name and date of birth
   * are identity data checked at verification: once set they are changed by support only.
   */
  async updateProfile(userId: bigint, patch: ProfilePatch, locale: Locale): Promise<UserInfo> {
    const user = await loadUser(this.db, userId)
    if (!user) throw new AppError('unauthorized', 401)
    const locked = ONCE_SET.filter(
      (f) => patch[f] !== undefined && user[f] !== null && patch[f] !== isoOrText(user[f]),
    )
    if (locked.length) {
      throw new AppError(
        'validation_failed',
        422,
        Object.fromEntries(
          locked.map((f) => [f, [t(locale, 'validation.once_set', { field: t(locale, `fields.${f}`) })]]),
        ),
      )
    }
    if (patch.country) {
      const [known] = await this.db.query('SELECT 1 FROM countries WHERE code = $1', [patch.country])
      if (!known)
        throw new AppError('validation_failed', 422, {
          country: [t(locale, 'validation.one_of', { field: t(locale, 'fields.country') })],
        })
    }
    const { terms_acceptance: terms, ...fields } = patch
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined)
    if (entries.length || terms) {
      const sets = entries.map(([k], i) => `${k} = $${i + 2}`)
      if (terms) sets.push('terms_accepted_at = coalesce(terms_accepted_at, now())')
      await this.db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
        userId.toString(),
        ...entries.map(([, v]) => v),
      ])
    }
    return this.profile(userId)
  }

  /** Confirms the e-mail address behind a confirmation link; the token works once. */
  async confirm(token: string, locale: Locale): Promise<UserInfo> {
    const userId = await this.useToken(token, 'confirmation', 'confirmation_token', locale)
    await this.db.query(
      'UPDATE users SET confirmed_at = coalesce(confirmed_at, now()), updated_at = now() WHERE id = $1',
      [userId.toString()],
    )
    return this.profile(userId)
  }

  /** Sends the confirmation link again; the answer is the same whether or not the address has an account. */
  async resendConfirmation(email: string, request: FastifyRequest): Promise<void> {
    const [user] = await this.db.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      normalizeEmail(email),
    ])
    if (!user || user.confirmed_at) return
    if (await this.recentTokens(user.id, 'confirmation', 5)) return
    await this.sendConfirmation(user, user.language as Locale, request)
  }

  /** Starts a password reset; the answer is the same whether or not the address has an account. */
  async requestPasswordReset(email: string, request: FastifyRequest): Promise<void> {
    const [user] = await this.db.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      normalizeEmail(email),
    ])
    // No password hashing on either path, so the timing difference is a couple of small queries.
    if (!user || (await this.recentTokens(user.id, 'password_reset', 5))) return
    const token = await this.issueToken(user.id, 'password_reset', RESET_TTL_MS)
    await this.mail.send({
      to: user.email,
      template: 'password_reset',
      locale: user.language as Locale,
      userId: user.id,
      vars: { link: `${this.origin(request)}/new-password?reset_password_token=${token}` },
    })
  }

  /** Sets a new password from a reset link: every session ends, the player is signed in afresh and told by e-mail. */
  async resetPassword(
    token: string,
    password: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<UserInfo> {
    const userId = await this.useToken(token, 'password_reset', 'reset_password_token', request.locale)
    await this.db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId.toString(),
      await hashPassword(password),
    ])
    await this.sessions.revokeOthers(userId, null)
    await this.db.query(
      'DELETE FROM auth_failures WHERE email_normalized = (SELECT email_normalized FROM users WHERE id = $1)',
      [userId.toString()],
    )
    await this.sessions.start(request, reply, userId)
    const user = (await loadUser(this.db, userId))!
    await this.mail.send({
      to: user.email,
      template: 'password_changed',
      locale: user.language as Locale,
      userId,
      vars: { support: 'support@aurum.casino' },
    })
    return toUserInfo(this.db, user, this.license)
  }

  private origin(request: FastifyRequest) {
    return this.publicUrl ?? `${request.protocol}://${request.host}`
  }

  private async issueToken(
    userId: bigint,
    purpose: 'confirmation' | 'password_reset',
    ttlMs: number,
  ): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url')
    await this.db.query(
      `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenHash(token), userId.toString(), purpose, new Date(Date.now() + ttlMs)],
    )
    return token
  }

  /** At most `max` links of a kind an hour per account: a quiet limit, the answer does not change. */
  private async recentTokens(userId: bigint, purpose: string, max: number): Promise<boolean> {
    const [row] = await this.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > now() - interval '1 hour'`,
      [userId.toString(), purpose],
    )
    return Number(row!.n) >= max
  }

  /** Marks a one-time token used and returns its player; 422 on the named field when unknown, used or expired. */
  private async useToken(token: string, purpose: string, field: string, locale: Locale): Promise<bigint> {
    const [row] = await this.db.query<{ user_id: bigint }>(
      `UPDATE user_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash(token), purpose],
    )
    if (!row)
      throw new AppError('validation_failed', 422, { [field]: [t(locale, 'validation.token_invalid')] })
    return row.user_id
  }

  private async sendConfirmation(user: UserRow, locale: Locale, request: FastifyRequest) {
    const token = await this.issueToken(user.id, 'confirmation', CONFIRMATION_TTL_MS)
    const origin = this.origin(request)
    await this.mail.send({
      to: user.email,
      template: 'confirmation',
      locale,
      userId: user.id,
      vars: { link: `${origin}/confirmation?confirmation_token=${token}` },
    })
  }
}
