import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { Ledger } from '../ledger/index.ts'
import { openWallet } from '../wallets/service.ts'
import { AB_TEST_GROUPS, defaultCurrencyFor, STATUSES, type Locale } from '@aurum/shared'
import { defineJob, type Clock, type JobDefinition, type JobQueue } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { Mail, MailService } from '../../lib/mail.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import type { SessionManager } from '../../plugins/session.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'
import { loadUser, toUserInfo, type UserInfo, type UserRow } from './profile.ts'
import type { TwoFactor, TwoFactorSetup } from './two-factor.ts'
import { SignInFailures } from './sign-in-failures.ts'

/** Between the password and the one-time code of a 2FA sign-in: a signed cookie naming the player. */
const CHALLENGE_COOKIE = 'otp_challenge'
const CHALLENGE_TTL_MS = 5 * 60_000
/** Set and cleared with the same attributes (a browser keeps a Secure cookie that an insecure clearing names). */
const challengeCookieOptions = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/api/users' }) as const
/** Changing 2FA needs a password entered within this long (else the password again). */
const REAUTH_WINDOW_MS = 15 * 60_000

export type SignInResult = UserInfo | { two_factor_required: true }

const BRONZE = STATUSES.find((s) => s.name === 'bronze')!.id
/** The registration A/B test (spec §6): odd ids get variant A (543), even ids variant B (544). */
export const abGroupFor = (id: bigint) => (id % 2n === 1n ? AB_TEST_GROUPS.a : AB_TEST_GROUPS.b)

const CONFIRMATION_TTL_MS = 48 * 3_600_000
const RESET_TTL_MS = 3_600_000
export { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_15_MIN } from './sign-in-failures.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The job that handles one reset or resend request (payload: the request's id). */
export const MAIL_REQUEST_JOB = 'accounts.mail_request'

type MailRequestKind = 'password_reset' | 'confirmation'
interface MailRequestRow {
  id: bigint
  kind: MailRequestKind
  email_normalized: string
  origin: string
}

/**
 * A new password or address voids every reset link of the player still outstanding, and the
 * reset requests not yet handled for the address (issue 19, finding 3). Called in the change's
 * transaction before the users row is updated: a drain holding a request row commits its token
 * first (the DELETE waits for it), so the UPDATE then voids that token too.
 */
async function voidResetLinks(tx: Executor, userId: bigint): Promise<void> {
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
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505'
/** Named in the security notices (password changed, e-mail change requested). */
const SUPPORT_ADDRESS = 'support@aurum.casino'

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
    private twoFactor: TwoFactor,
    private jobs: JobQueue,
    private clock: Clock,
    private log?: FastifyBaseLogger,
  ) {}

  /** Asked before a sign-in completes (a self-excluded player may not sign in): throws to refuse. */
  beforeSignIn: ((userId: bigint, request: FastifyRequest) => Promise<void>) | null = null

  /** Where failed sign-ins are counted (app.ts gives it the shared Redis when there is one). */
  failures: SignInFailures | null = null
  private get signInFailures(): SignInFailures {
    return (this.failures ??= new SignInFailures(this.db))
  }

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
      await openWallet(tx, new Ledger(this.db), row.id, currency, true)
      return row
    })
    const deliver = await this.sendConfirmation(this.db, user, locale, request.publicOrigin)
    deliver()
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
    // The attempt takes its place under both limits before the password is checked (atomically).
    const attempt = await this.signInFailures.take(normalized, request.ip)
    if (typeof attempt === 'string') throw new AppError(attempt, 429)
    const [user] = await this.db.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      normalized,
    ])
    // The same work for unknown accounts, so neither answer nor timing tells them apart.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password)
    if (!user || !ok) {
      await attempt.failed()
      throw new AppError('invalid_credentials', 422, {
        base: [t(request.locale, 'api.errors.invalid_credentials')],
      })
    }
    await attempt.succeeded()
    // Refused before the second factor is asked for, and again when the sign-in completes.
    await this.beforeSignIn?.(user.id, request)
    if (user.two_factor_enabled_at) return this.challengeSecondFactor(user.id, request, reply)
    return this.completeSignIn(user.id, request, reply)
  }

  /**
   * The password was right and 2FA is on: a signed, short-lived cookie names the player for the
   * code step, with a random id by which it is recorded as used once it has served.
   */
  private challengeSecondFactor(
    userId: bigint,
    request: FastifyRequest,
    reply: FastifyReply,
  ): { two_factor_required: true } {
    const challenge = `${userId.toString()}.${this.clock.now().getTime() + CHALLENGE_TTL_MS}.${newToken()}`
    reply.setCookie(CHALLENGE_COOKIE, challenge, {
      ...challengeCookieOptions(request),
      signed: true,
      maxAge: CHALLENGE_TTL_MS / 1000,
    })
    return { two_factor_required: true }
  }

  /** The second step of a 2FA sign-in: a code from the authenticator app, or a backup code. */
  async signInWithCode(code: string, request: FastifyRequest, reply: FastifyReply): Promise<UserInfo> {
    const raw = request.cookies[CHALLENGE_COOKIE]
    const unsigned = raw ? request.unsignCookie(raw) : undefined
    const [id, expires, nonce] = unsigned?.valid && unsigned.value ? unsigned.value.split('.') : []
    const expired = () =>
      new AppError('two_factor_expired', 422, {
        otp_attempt: [t(request.locale, 'api.errors.two_factor_expired')],
      })
    if (!id || !expires || !nonce || Number(expires) < this.clock.now().getTime()) throw expired()
    // A challenge that has served once is spent: checked first so a replay spends no code.
    const [spent] = await this.db.query('SELECT 1 FROM two_factor_challenges_used WHERE id = $1', [nonce])
    if (spent) throw expired()
    const userId = BigInt(id)
    const user = (await loadUser(this.db, userId))!
    // A code takes its place under the failure limits before it is checked, as a password does.
    const attempt = await this.signInFailures.take(normalizeEmail(user.email), request.ip)
    if (typeof attempt === 'string') throw new AppError(attempt, 429)
    if (!(await this.acceptCode(user, code))) {
      await attempt.failed()
      throw new AppError('invalid_code', 422, { otp_attempt: [t(request.locale, 'api.errors.invalid_code')] })
    }
    await attempt.succeeded()
    // Recorded in the database, so the same cookie fails on every node; of two racing uses one wins.
    const claimed = await this.db.query(
      `WITH old AS (DELETE FROM two_factor_challenges_used WHERE user_id = $2 AND expires_at < $4)
       INSERT INTO two_factor_challenges_used (id, user_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [nonce, userId.toString(), new Date(Number(expires)), this.clock.now()],
    )
    if (!claimed.length) throw expired()
    reply.clearCookie(CHALLENGE_COOKIE, challengeCookieOptions(request))
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

  /**
   * GET /api/v2/player/two_factor: the secret to scan, or null when 2FA is on already. Reads
   * only: the secret is derived (player, generation), so asking again shows the same one.
   */
  async twoFactorSetup(userId: bigint): Promise<TwoFactorSetup | null> {
    const user = (await loadUser(this.db, userId))!
    if (user.two_factor_enabled_at) return null
    return this.twoFactor.setup(userId, user.two_factor_generation, user.email)
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
    const pending = this.twoFactor.setupSecret(userId, user.two_factor_generation)
    const setupExpired = () =>
      new AppError('validation_failed', 422, {
        otp_secret: [t(request.locale, 'api.errors.two_factor_setup_expired')],
      })
    if (user.two_factor_enabled_at || pending !== otpSecret) throw setupExpired()
    const step = await this.twoFactor.check(pending, code.trim(), null)
    if (step === null) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(request.locale, 'api.errors.invalid_code')],
      })
    }
    const codes = await this.db.transaction(async (tx) => {
      // Guarded by the generation: of two set-ups racing, one turns 2FA on.
      const on = await tx.query(
        `UPDATE users SET two_factor_secret = $3, two_factor_generation = two_factor_generation + 1,
           two_factor_enabled_at = now(), two_factor_last_step = $2, updated_at = now()
         WHERE id = $1 AND two_factor_enabled_at IS NULL AND two_factor_generation = $4 RETURNING id`,
        [userId.toString(), step, this.twoFactor.seal(pending), user.two_factor_generation],
      )
      if (!on.length) throw setupExpired()
      return this.twoFactor.newBackupCodes(tx, userId)
    })
    await this.sessions.revokeOthers(userId, null)
    await this.sessions.start(request, reply, userId)
    return { otp_secret: otpSecret, data: '', backup_codes: codes }
  }

  /** GET /api/v2/player/two_factor/backup_codes: how many are left, and whether they are of the old kind. */
  async backupCodeStatus(userId: bigint): Promise<{ remaining: number; outdated: boolean }> {
    return this.twoFactor.backupCodeStatus(userId)
  }

  /**
   * New backup codes in place of all the player's others (used up, lost, or of the old 40-bit
   * kind): 2FA on, a password entered recently and a current code (or a backup code).
   */
  async renewBackupCodes(
    code: string,
    password: string | undefined,
    request: FastifyRequest,
  ): Promise<{ backup_codes: string[] }> {
    const userId = request.requireUser()
    const user = (await loadUser(this.db, userId))!
    await this.requireRecentPassword(user, password, request)
    if (!user.two_factor_enabled_at || !(await this.acceptCode(user, code))) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(request.locale, 'api.errors.invalid_code')],
      })
    }
    const codes = await this.db.transaction((tx) => this.twoFactor.newBackupCodes(tx, userId))
    return { backup_codes: codes }
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
           two_factor_generation = two_factor_generation + 1, updated_at = now() WHERE id = $1`,
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
    if (this.clock.now().getTime() - at < REAUTH_WINDOW_MS) return
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
    await this.beforeSignIn?.(userId, request)
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
  async updateProfile(userId: bigint, input: ProfilePatch, locale: Locale): Promise<UserInfo> {
    // Country codes are accepted in either case (the rule registration shares) and stored in upper case.
    const patch = input.country ? { ...input, country: input.country.toUpperCase() } : input
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

  /**
   * Confirms the e-mail address behind a confirmation link; the token works once. A link sent
   * for an e-mail change makes that address the account's own (the token use and the swap
   * are one transaction: a refused swap leaves the link usable).
   */
  async confirm(token: string, locale: Locale): Promise<UserInfo> {
    let userId: bigint
    try {
      userId = await this.db.transaction(async (tx) => {
        const used = await this.useToken(token, 'confirmation', 'confirmation_token', locale, tx)
        if (used.email === null) {
          await tx.query(
            'UPDATE users SET confirmed_at = coalesce(confirmed_at, now()), updated_at = now() WHERE id = $1',
            [used.user_id.toString()],
          )
        } else await this.swapEmail(tx, used.user_id, used.email, locale)
        return used.user_id
      })
    } catch (error) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error)) throw this.emailInUse(locale)
      // A link opened again after it did its job: the player needs to hear that all is well.
      if (
        error instanceof AppError &&
        error.fieldErrors?.confirmation_token &&
        (await this.confirmedBy(token))
      ) {
        throw new AppError('already_confirmed', 422, {
          confirmation_token: [t(locale, 'validation.email_confirmed')],
        })
      }
      throw error
    }
    return this.profile(userId)
  }

  /**
   * Whether a confirmation link that no longer works has done its job: the account is confirmed,
   * at the address the link was sent to (a link for an e-mail change replaced since is not).
   */
  private async confirmedBy(token: string): Promise<boolean> {
    const [row] = await this.db.query<{ email: string | null; email_normalized: string; confirmed: boolean }>(
      `SELECT t.email, u.email_normalized, u.confirmed_at IS NOT NULL AS confirmed
         FROM user_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.purpose = 'confirmation'`,
      [hashToken(token)],
    )
    if (!row?.confirmed) return false
    return row.email === null || normalizeEmail(row.email) === row.email_normalized
  }

  private async swapEmail(tx: Executor, userId: bigint, email: string, locale: Locale) {
    const [taken] = await tx.query('SELECT 1 FROM users WHERE email_normalized = $1 AND id <> $2', [
      normalizeEmail(email),
      userId.toString(),
    ])
    if (taken) throw this.emailInUse(locale)
    await voidResetLinks(tx, userId)
    const swapped = await tx.query(
      `UPDATE users SET email = $2, email_normalized = $3, unconfirmed_email = NULL,
         confirmed_at = now(), updated_at = now()
       WHERE id = $1 AND unconfirmed_email = $2 RETURNING id`,
      [userId.toString(), email, normalizeEmail(email)],
    )
    // A later change (or cancelling it) replaced the address this link was sent to.
    if (!swapped.length) {
      throw new AppError('validation_failed', 422, {
        confirmation_token: [t(locale, 'validation.token_invalid')],
      })
    }
    // Links mailed to the old address stop working with it.
    await tx.query('UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId.toString(),
    ])
  }

  private emailInUse(locale: Locale) {
    return new AppError('validation_failed', 422, { email: [t(locale, 'validation.email_in_use')] })
  }

  /**
   * Sends the confirmation link again, after the answer (drainMailRequests): the request does the
   * same work whether or not the address has an account, so neither answer nor timing tells.
   */
  async resendConfirmation(email: string, request: FastifyRequest): Promise<void> {
    await this.recordMailRequest('confirmation', email, request)
  }

  /**
   * POST /users/email-verification/request/:id: the signed-in player asks for a new link. Another
   * player's id answers 404 like an unknown one; nothing left to confirm answers 422 on `email`.
   */
  async requestEmailVerification(id: number, request: FastifyRequest): Promise<void> {
    const userId = request.requireUser()
    if (BigInt(id) !== userId) throw new AppError('not_found', 404)
    const user = (await loadUser(this.db, userId))!
    const deliver = await this.sendConfirmationAgain(this.db, user, request.publicOrigin)
    if (!deliver) {
      throw new AppError('validation_failed', 422, {
        email: [t(request.locale, 'validation.email_confirmed')],
      })
    }
    deliver()
  }

  /**
   * A fresh link to the address waiting for confirmation: a requested new address, else the
   * account's own while unconfirmed. Null when there is nothing to confirm, else what delivers
   * the mail once committed. At most 5 links an hour: beyond that nothing is sent, quietly (the
   * answer does not change).
   */
  private async sendConfirmationAgain(
    executor: Executor,
    user: UserRow,
    origin: string,
  ): Promise<(() => void) | null> {
    if (user.confirmed_at && !user.unconfirmed_email) return null
    if (await this.recentTokens(executor, user.id, 'confirmation', 5)) return () => undefined
    const locale = user.language as Locale
    return user.unconfirmed_email
      ? this.sendEmailChangeLink(executor, user.id, user.unconfirmed_email, locale, origin)
      : this.sendConfirmation(executor, user, locale, origin)
  }

  /**
   * PUT /api/users: a new password and/or e-mail address, only with the current password
   * (a wrong one counts towards the account lockout). A new password ends every other session;
   * a new address is confirmed from that address before it replaces the old one, which is told.
   * The session rotates either way, marked re-authenticated.
   */
  async changeCredentials(
    change: { current_password: string; password?: string; email?: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<UserInfo> {
    const userId = request.requireUser()
    const user = (await loadUser(this.db, userId))!
    const locale = request.locale
    const normalized = normalizeEmail(user.email)
    // The re-entered password takes its place under the failure limits before it is checked.
    const attempt = await this.signInFailures.take(normalized, request.ip)
    if (typeof attempt === 'string') throw new AppError(attempt, 429)
    if (!(await verifyPassword(user.password_hash, change.current_password))) {
      await attempt.failed()
      throw new AppError('validation_failed', 422, {
        current_password: [t(locale, 'api.errors.invalid_password')],
      })
    }
    await attempt.succeeded()
    const newEmail = change.email?.trim()
    const emailChange = newEmail && normalizeEmail(newEmail) !== normalized ? newEmail : undefined
    const passwordHash = change.password ? await hashPassword(change.password) : undefined
    await this.db.transaction(async (tx) => {
      if (passwordHash) {
        await voidResetLinks(tx, userId)
        await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
          userId.toString(),
          passwordHash,
        ])
      }
      if (newEmail === undefined) return
      if (emailChange) {
        const [taken] = await tx.query('SELECT 1 FROM users WHERE email_normalized = $1', [
          normalizeEmail(emailChange),
        ])
        if (taken) throw this.emailInUse(locale)
      }
      // The account's own address again cancels a pending change.
      await tx.query('UPDATE users SET unconfirmed_email = $2, updated_at = now() WHERE id = $1', [
        userId.toString(),
        emailChange ?? null,
      ])
    })
    if (passwordHash) await this.passwordChanged(user, request, reply)
    else await this.sessions.start(request, reply, userId)
    if (emailChange) {
      const locale = user.language as Locale
      const deliver = await this.sendEmailChangeLink(
        this.db,
        userId,
        emailChange,
        locale,
        request.publicOrigin,
      )
      deliver()
      await this.mail.send({
        to: user.email,
        template: 'email_change_requested',
        locale: user.language as Locale,
        userId,
        vars: { email: emailChange, support: SUPPORT_ADDRESS },
      })
    }
    return this.profile(userId)
  }

  /**
   * Starts a password reset. The link is made and mailed after the answer (drainMailRequests):
   * the request does the same work whether or not the address has an account, so neither the
   * answer nor its timing tells (issue 19, finding 4).
   */
  async requestPasswordReset(email: string, request: FastifyRequest): Promise<void> {
    await this.recordMailRequest('password_reset', email, request)
  }

  /**
   * The same statements whatever the address: the request, with the language and the links'
   * origin, and the job that handles it, in one transaction.
   */
  private async recordMailRequest(kind: MailRequestKind, email: string, request: FastifyRequest) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: bigint }>(
        `INSERT INTO account_mail_requests (kind, email_normalized, locale, origin) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [kind, normalizeEmail(email), request.locale, request.publicOrigin],
      )
      const id = row!.id.toString()
      await this.jobs.enqueue(tx, MAIL_REQUEST_JOB, { id }, { key: id })
    })
  }

  /**
   * Handles the recorded reset and resend requests due now, after the runs under way on this node:
   * tests and the development outbox await the mail with it.
   */
  async drainMailRequests(): Promise<void> {
    await this.jobs.runDue([MAIL_REQUEST_JOB])
  }

  /** Runs the requests after the answer, on this node, without waiting for the queue's next poll. */
  kickMailRequests(): void {
    this.jobs.wake()
  }

  /**
   * The job of one request: claimed (deleted) and handled in one transaction; a request a new
   * password voided meanwhile is gone and nothing is sent. A failing one is tried again a few
   * times, then dropped, never retried in a loop.
   */
  mailRequestJob(): JobDefinition<never> {
    return defineJob<{ id: string }>({
      name: MAIL_REQUEST_JOB,
      maxAttempts: 3,
      backoffMs: 10_000,
      run: async ({ payload, attempt, maxAttempts }) => {
        let deliver: (() => void) | undefined
        try {
          deliver = await this.db.transaction(async (tx) => {
            const [claimed] = await tx.query<MailRequestRow>(
              `DELETE FROM account_mail_requests WHERE id = $1 RETURNING id, kind, email_normalized, origin`,
              [payload.id],
            )
            return claimed && this.handleMailRequest(tx, claimed)
          })
        } catch (err) {
          if (attempt >= maxAttempts)
            await this.db.query('DELETE FROM account_mail_requests WHERE id = $1', [payload.id])
          throw err
        }
        deliver?.()
      },
    })
  }

  /** The work the answer did not wait for: nothing for an unknown address. */
  private async handleMailRequest(tx: Executor, row: MailRequestRow): Promise<() => void> {
    const nothing = () => undefined
    const [user] = await tx.query<UserRow>('SELECT * FROM users WHERE email_normalized = $1', [
      row.email_normalized,
    ])
    if (!user) return nothing
    if (row.kind === 'confirmation')
      return (await this.sendConfirmationAgain(tx, user, row.origin)) ?? nothing
    if (await this.recentTokens(tx, user.id, 'password_reset', 5)) return nothing
    const token = await this.issueToken(tx, user.id, 'password_reset', RESET_TTL_MS)
    return this.mail.record(
      {
        to: user.email,
        template: 'password_reset',
        locale: user.language as Locale,
        userId: user.id,
        vars: { link: `${row.origin}/new-password?reset_password_token=${token}` },
      },
      tx,
    )
  }

  /**
   * Sets a new password from a reset link: every session ends and the player is told by
   * e-mail. Then the player is signed in afresh, unless 2FA is on: a link from the mailbox
   * alone must not get past the second factor, so the answer asks for a code first.
   */
  async resetPassword(
    token: string,
    password: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<SignInResult> {
    const passwordHash = await hashPassword(password)
    const userId = await this.db.transaction(async (tx) => {
      const used = await this.useToken(token, 'password_reset', 'reset_password_token', request.locale, tx)
      // The other links of the player die with this one.
      await voidResetLinks(tx, used.user_id)
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        used.user_id.toString(),
        passwordHash,
      ])
      return used.user_id
    })
    const user = (await loadUser(this.db, userId))!
    await this.signInFailures.clear(normalizeEmail(user.email))
    if (user.two_factor_enabled_at) {
      if (request.session) await this.sessions.end(request, reply)
      await this.passwordChanged(user, request, reply, false)
      return this.challengeSecondFactor(user.id, request, reply)
    }
    await this.passwordChanged(user, request, reply)
    return toUserInfo(this.db, user, this.license)
  }

  /** After a new password: every other session ends, this one rotates (or none starts), and the player is told by e-mail. */
  private async passwordChanged(user: UserRow, request: FastifyRequest, reply: FastifyReply, signIn = true) {
    await this.sessions.revokeOthers(user.id, null)
    if (signIn) await this.sessions.start(request, reply, user.id)
    await this.mail.send({
      to: user.email,
      template: 'password_changed',
      locale: user.language as Locale,
      userId: user.id,
      vars: { support: SUPPORT_ADDRESS },
    })
  }

  /** A one-time link token; `email` names the new address an e-mail change link was sent to. */
  private async issueToken(
    executor: Executor,
    userId: bigint,
    purpose: 'confirmation' | 'password_reset',
    ttlMs: number,
    email: string | null = null,
  ): Promise<string> {
    const token = newToken()
    const now = this.clock.now()
    // created_at from the clock too: the hourly cap (recentTokens) compares it with the clock.
    await executor.query(
      `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at, email, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [hashToken(token), userId.toString(), purpose, new Date(now.getTime() + ttlMs), email, now],
    )
    return token
  }

  /** At most `max` links of a kind an hour per account: a quiet limit, the answer does not change. */
  private async recentTokens(
    executor: Executor,
    userId: bigint,
    purpose: string,
    max: number,
  ): Promise<boolean> {
    const [row] = await executor.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
      [userId.toString(), purpose, new Date(this.clock.now().getTime() - 3_600_000)],
    )
    return Number(row!.n) >= max
  }

  /**
   * Marks a one-time token used and returns its player (and the address of an e-mail change);
   * 422 on the named field when unknown, used or expired.
   */
  private async useToken(
    token: string,
    purpose: string,
    field: string,
    locale: Locale,
    executor: Executor = this.db,
  ): Promise<{ user_id: bigint; email: string | null }> {
    const [row] = await executor.query<{ user_id: bigint; email: string | null }>(
      `UPDATE user_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id, email`,
      [hashToken(token), purpose, this.clock.now()],
    )
    if (!row)
      throw new AppError('validation_failed', 422, { [field]: [t(locale, 'validation.token_invalid')] })
    return row
  }

  /** Writes the confirmation link; returns what delivers it once committed. */
  private async sendConfirmation(executor: Executor, user: UserRow, locale: Locale, origin: string) {
    const token = await this.issueToken(executor, user.id, 'confirmation', CONFIRMATION_TTL_MS)
    return this.mailLink(executor, {
      to: user.email,
      template: 'confirmation',
      locale,
      userId: user.id,
      vars: { link: `${origin}/confirmation?confirmation_token=${token}` },
    })
  }

  /** The link that makes a requested new address the account's own; it goes to that address. */
  private async sendEmailChangeLink(
    executor: Executor,
    userId: bigint,
    email: string,
    locale: Locale,
    origin: string,
  ) {
    const token = await this.issueToken(executor, userId, 'confirmation', CONFIRMATION_TTL_MS, email)
    return this.mailLink(executor, {
      to: email,
      template: 'email_change',
      locale,
      userId,
      vars: { link: `${origin}/confirmation?confirmation_token=${token}` },
    })
  }

  private mailLink(executor: Executor, mail: Mail): Promise<() => void> {
    return this.mail.record(mail, executor)
  }
}
