import type { Ledger } from '../ledger/index.ts'
import { openWallet } from '../wallets/service.ts'
import { AB_TEST_GROUPS, defaultCurrencyFor, STATUSES, type Locale } from '@aurum/shared'
import { defineJob, type Clock, type JobDefinition, type JobQueue } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import type { RequestContext } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { Mail, MailService } from '../../lib/mail.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import type { Session, SessionManager, StartedSession } from '../../sessions/manager.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { toUserInfo, type UserInfo, type UserRow } from './profile.ts'
import type { AccountsRepository, MailRequestKind } from './repository.ts'
import type { TwoFactor, TwoFactorSetup } from './two-factor.ts'
import type { SignInFailures } from './sign-in-failures.ts'

/** Between the password and the one-time code of a 2FA sign-in (the route carries it in a signed cookie). */
const CHALLENGE_TTL_MS = 5 * 60_000
/** Changing 2FA needs a password entered within this long (else the password again). */
const REAUTH_WINDOW_MS = 15 * 60_000

/** The player is signed in: the profile, and the session the client is to carry. */
export interface SignedIn {
  user: UserInfo
  session: StartedSession
}

/**
 * The password was right and 2FA is on: the challenge names the player for the code step (the
 * route hands it to the client signed, for `challengeMaxAgeSeconds`). `session: null`: the
 * request's session, if any, has ended (a reset link alone never signs in past the second factor).
 */
export interface SecondFactorAsked {
  two_factor_required: true
  challenge: string
  challengeMaxAgeSeconds: number
  session?: null
}

export type SignInOutcome = SignedIn | SecondFactorAsked

/** Who asks, for the account's own changes: the request's context and its session. */
export interface Caller {
  ctx: RequestContext
  session: Session | null
}
/** The same, signed in. */
export interface PlayerCaller {
  ctx: RequestContext
  session: Session
}

const BRONZE = STATUSES.find((s) => s.name === 'bronze')!.id
/** The registration A/B test (spec §6): odd ids get variant A (543), even ids variant B (544). */
export const abGroupFor = (id: bigint) => (id % 2n === 1n ? AB_TEST_GROUPS.a : AB_TEST_GROUPS.b)

const CONFIRMATION_TTL_MS = 48 * 3_600_000
const RESET_TTL_MS = 3_600_000
export { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_15_MIN } from './sign-in-failures.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** The job that handles one reset or resend request (payload: the request's id). */
export const MAIL_REQUEST_JOB = 'accounts.mail_request'

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

export interface AccountsDeps {
  db: Database
  ledger: Ledger
  repo: AccountsRepository
  sessions: SessionManager
  mail: MailService
  /** The licence named in the profile (spec §3). */
  license: string
  twoFactor: TwoFactor
  jobs: JobQueue
  clock: Clock
  /** Where failed sign-ins are counted (the shared Redis when there is one). */
  failures: SignInFailures
  /**
   * Responsible gambling, asked before a sign-in completes (a self-excluded player may not sign
   * in): throws to refuse. Required: no sign-in path skips it.
   */
  signInGuard: { checkSignIn(userId: bigint, locale: Locale): Promise<void> }
}

/**
 * Players' accounts (docs/accounts.md): registration, sign-in with the second factor, e-mail
 * confirmation and change, passwords and their reset, the profile. The methods take the caller's
 * context and return outcomes (a started session, a second-factor challenge); the routes turn
 * them into cookies and status codes.
 */
export class AccountsService {
  private db: Database
  private ledger: Ledger
  private repo: AccountsRepository
  private sessions: SessionManager
  private mail: MailService
  private license: string
  private twoFactor: TwoFactor
  private jobs: JobQueue
  private clock: Clock
  private signInFailures: SignInFailures
  private signInGuard: AccountsDeps['signInGuard']

  constructor(deps: AccountsDeps) {
    this.db = deps.db
    this.ledger = deps.ledger
    this.repo = deps.repo
    this.sessions = deps.sessions
    this.mail = deps.mail
    this.license = deps.license
    this.twoFactor = deps.twoFactor
    this.jobs = deps.jobs
    this.clock = deps.clock
    this.signInFailures = deps.failures
    this.signInGuard = deps.signInGuard
  }

  async profile(userId: bigint): Promise<UserInfo> {
    const user = await this.repo.findById(userId)
    if (!user) throw new AppError('unauthorized', 401)
    return this.infoOf(user)
  }

  private async infoOf(user: UserRow): Promise<UserInfo> {
    return toUserInfo(user, await this.repo.groupsOf(user.id), this.license)
  }

  /** The player's row; the caller's own session guarantees it exists. */
  private async user(userId: bigint): Promise<UserRow> {
    return (await this.repo.findById(userId))!
  }

  /**
   * A new player, signed in. `utm`: the campaign the visitor came from (the route reads it from
   * the cookies the landing page set).
   */
  async register(
    input: RegistrationInput,
    utm: Record<string, string>,
    { ctx, session: current }: Caller,
  ): Promise<SignedIn> {
    if (ctx.restricted) throw new AppError('registration_restricted', 451)
    const locale = ctx.locale
    const email = input.email.trim()
    const normalized = normalizeEmail(email)
    const country = (input.country ?? ctx.country)?.toUpperCase() ?? null
    const currency = input.currency ?? defaultCurrencyFor(country)
    if (!(await this.repo.currencyAndCountryKnown(currency, country))) {
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
    const user = await this.db.transaction(async (tx) => {
      const row = await this.repo.insertUser(tx, {
        email,
        emailNormalized: normalized,
        passwordHash,
        currency,
        country,
        language: locale,
        receivePromos: input.receive_promos ?? false,
        receiveSmsPromos: input.receive_sms_promos ?? false,
        nickname: input.nickname ?? null,
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        stagId: stagId || null,
        stagVisit: visit.join('_') || null,
        utm,
        registrationIp: ctx.ip,
        registrationCountry: ctx.country ?? null,
        deviceFingerprint: input.dfpc ?? null,
      })
      if (!row) {
        throw new AppError('validation_failed', 422, { email: [t(locale, 'validation.email_taken')] })
      }
      await this.repo.addFirstGroups(tx, row.id, BRONZE, abGroupFor(row.id))
      await openWallet(tx, this.ledger, row.id, currency, true)
      return row
    })
    const deliver = await this.sendConfirmation(this.db, user, locale, ctx.publicOrigin)
    deliver()
    const session = await this.sessions.start(user.id, ctx, current)
    await this.repo.recordFirstSignIn(user.id)
    return { user: await this.profile(user.id), session }
  }

  /** Email and password; failures are counted per account and per address, and answered alike for unknown accounts. */
  async signIn(email: string, password: string, caller: Caller): Promise<SignInOutcome> {
    const { ctx } = caller
    if (ctx.restricted) throw new AppError('login_restricted', 451)
    const normalized = normalizeEmail(email)
    // The attempt takes its place under both limits before the password is checked (atomically).
    const attempt = await this.signInFailures.take(normalized, ctx.ip)
    if (typeof attempt === 'string') throw new AppError(attempt, 429)
    const user = await this.repo.findByEmail(normalized)
    // The same work for unknown accounts, so neither answer nor timing tells them apart.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password)
    if (!user || !ok) {
      await attempt.failed()
      throw new AppError('invalid_credentials', 422, {
        base: [t(ctx.locale, 'api.errors.invalid_credentials')],
      })
    }
    await attempt.succeeded()
    // Refused before the second factor is asked for, and again when the sign-in completes.
    this.refuseBlocked(user, ctx.locale)
    await this.signInGuard.checkSignIn(user.id, ctx.locale)
    if (user.two_factor_enabled_at) return this.challengeSecondFactor(user.id)
    return this.completeSignIn(user.id, caller)
  }

  /**
   * The password was right and 2FA is on: a short-lived challenge names the player for the code
   * step, with a random id by which it is recorded as used once it has served.
   */
  private challengeSecondFactor(userId: bigint): SecondFactorAsked {
    const challenge = `${userId.toString()}.${this.clock.now().getTime() + CHALLENGE_TTL_MS}.${newToken()}`
    return { two_factor_required: true, challenge, challengeMaxAgeSeconds: CHALLENGE_TTL_MS / 1000 }
  }

  /**
   * The second step of a 2FA sign-in: a code from the authenticator app, or a backup code.
   * `challenge`: what the first step handed out, as the client brought it back (undefined when
   * it brought none, or its signature failed).
   */
  async signInWithCode(code: string, challenge: string | undefined, caller: Caller): Promise<SignedIn> {
    const { ctx } = caller
    const [id, expires, nonce] = challenge ? challenge.split('.') : []
    const expired = () =>
      new AppError('two_factor_expired', 422, {
        otp_attempt: [t(ctx.locale, 'api.errors.two_factor_expired')],
      })
    if (!id || !expires || !nonce || Number(expires) < this.clock.now().getTime()) throw expired()
    // A challenge that has served once is spent: checked first so a replay spends no code.
    if (await this.repo.challengeUsed(nonce)) throw expired()
    const userId = BigInt(id)
    const user = await this.user(userId)
    // A code takes its place under the failure limits before it is checked, as a password does.
    const attempt = await this.signInFailures.take(normalizeEmail(user.email), ctx.ip)
    if (typeof attempt === 'string') throw new AppError(attempt, 429)
    if (!(await this.acceptCode(user, code))) {
      await attempt.failed()
      throw new AppError('invalid_code', 422, { otp_attempt: [t(ctx.locale, 'api.errors.invalid_code')] })
    }
    await attempt.succeeded()
    // Recorded in the database, so the same challenge fails on every node; of two racing uses one wins.
    const claimed = await this.repo.claimChallenge(nonce, userId, new Date(Number(expires)), this.clock.now())
    if (!claimed) throw expired()
    return this.completeSignIn(userId, caller)
  }

  /** A TOTP code (each time step once) or an unused backup code. */
  private async acceptCode(user: UserRow, code: string): Promise<boolean> {
    const secret = this.twoFactor.secretOf(user.two_factor_secret)
    if (!secret) return false
    const step = await this.twoFactor.check(secret, code.trim(), user.two_factor_last_step)
    if (step !== null) {
      // Conditional on the last step, so two requests with the same code cannot both pass.
      return this.repo.advanceTotpStep(user.id, step)
    }
    return this.twoFactor.useBackupCode(user.id, code)
  }

  /**
   * GET /api/v2/player/two_factor: the secret to scan, or null when 2FA is on already. Reads
   * only: the secret is derived (player, generation), so asking again shows the same one.
   */
  async twoFactorSetup(userId: bigint): Promise<TwoFactorSetup | null> {
    const user = await this.user(userId)
    if (user.two_factor_enabled_at) return null
    return this.twoFactor.setup(userId, user.two_factor_generation, user.email)
  }

  /** Turns 2FA on with a code from the pending secret; sessions rotate and backup codes are issued. */
  async enableTwoFactor(
    otpSecret: string,
    code: string,
    password: string | undefined,
    caller: PlayerCaller,
  ): Promise<{
    enabled: { otp_secret: string; data: string; backup_codes: string[] }
    session: StartedSession
  }> {
    const { ctx } = caller
    const userId = caller.session.userId
    const user = await this.user(userId)
    await this.requireRecentPassword(user, password, caller)
    const pending = this.twoFactor.setupSecret(userId, user.two_factor_generation)
    const setupExpired = () =>
      new AppError('validation_failed', 422, {
        otp_secret: [t(ctx.locale, 'api.errors.two_factor_setup_expired')],
      })
    if (user.two_factor_enabled_at || pending !== otpSecret) throw setupExpired()
    const step = await this.twoFactor.check(pending, code.trim(), null)
    if (step === null) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(ctx.locale, 'api.errors.invalid_code')],
      })
    }
    const codes = await this.db.transaction(async (tx) => {
      // Guarded by the generation: of two set-ups racing, one turns 2FA on.
      const on = await this.repo.enableTwoFactor(
        tx,
        userId,
        step,
        this.twoFactor.seal(pending),
        user.two_factor_generation,
      )
      if (!on) throw setupExpired()
      return this.twoFactor.newBackupCodes(tx, userId)
    })
    await this.sessions.revokeOthers(userId, null)
    const session = await this.sessions.start(userId, ctx, caller.session)
    return { enabled: { otp_secret: otpSecret, data: '', backup_codes: codes }, session }
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
    caller: PlayerCaller,
  ): Promise<{ backup_codes: string[] }> {
    const userId = caller.session.userId
    const user = await this.user(userId)
    await this.requireRecentPassword(user, password, caller)
    if (!user.two_factor_enabled_at || !(await this.acceptCode(user, code))) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(caller.ctx.locale, 'api.errors.invalid_code')],
      })
    }
    const codes = await this.db.transaction((tx) => this.twoFactor.newBackupCodes(tx, userId))
    return { backup_codes: codes }
  }

  /** Turns 2FA off: the password and a current code (or a backup code); sessions rotate. */
  async disableTwoFactor(code: string, password: string, caller: PlayerCaller): Promise<StartedSession> {
    const { ctx } = caller
    const userId = caller.session.userId
    const user = await this.user(userId)
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('validation_failed', 422, {
        password: [t(ctx.locale, 'api.errors.invalid_password')],
      })
    }
    if (!user.two_factor_enabled_at || !(await this.acceptCode(user, code))) {
      throw new AppError('invalid_code', 422, {
        authentication_code: [t(ctx.locale, 'api.errors.invalid_code')],
      })
    }
    await this.db.transaction((tx) => this.repo.disableTwoFactor(tx, userId))
    await this.sessions.revokeOthers(userId, null)
    return this.sessions.start(userId, ctx, caller.session)
  }

  /**
   * Support turns a player's second factor off (a lost authenticator; the back office), in the
   * caller's transaction: the secret and the backup codes go. The caller ends the sessions.
   */
  async resetTwoFactor(tx: Executor, userId: bigint): Promise<void> {
    await this.repo.disableTwoFactor(tx, userId)
  }

  /** Sensitive changes need a password entered recently: at sign-in, or given again now. */
  private async requireRecentPassword(user: UserRow, password: string | undefined, caller: PlayerCaller) {
    const at = caller.session.reauthenticatedAt?.getTime() ?? 0
    if (this.clock.now().getTime() - at < REAUTH_WINDOW_MS) return
    if (password && (await verifyPassword(user.password_hash, password))) return
    throw new AppError('reauthentication_required', 403, {
      password: [t(caller.ctx.locale, 'api.errors.reauthentication_required')],
    })
  }

  /** A player blocked by the back office may not sign in (403 `player_blocked`). */
  private refuseBlocked(user: UserRow, locale: Locale): void {
    if (!user.blocked_at) return
    throw new AppError('player_blocked', 403, { base: [t(locale, 'api.errors.player_blocked')] })
  }

  private async completeSignIn(userId: bigint, { ctx, session: current }: Caller): Promise<SignedIn> {
    this.refuseBlocked(await this.user(userId), ctx.locale)
    await this.signInGuard.checkSignIn(userId, ctx.locale)
    const session = await this.sessions.start(userId, ctx, current)
    await this.repo.recordSignIn(userId)
    return { user: await this.profile(userId), session }
  }

  /**
   * Profile edits (registration steps 2 and 3, the profile page). Name and date of birth
   * are identity data checked at verification: once set they are changed by support only.
   */
  async updateProfile(userId: bigint, input: ProfilePatch, locale: Locale): Promise<UserInfo> {
    // Country codes are accepted in either case (the rule registration shares) and stored in upper case.
    const patch = input.country ? { ...input, country: input.country.toUpperCase() } : input
    const user = await this.repo.findById(userId)
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
      if (!(await this.repo.countryKnown(patch.country)))
        throw new AppError('validation_failed', 422, {
          country: [t(locale, 'validation.one_of', { field: t(locale, 'fields.country') })],
        })
    }
    const { terms_acceptance: terms, ...fields } = patch
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined)
    if (entries.length || terms) await this.repo.updateProfile(userId, entries, terms === true)
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
        if (used.email === null) await this.repo.markConfirmed(tx, used.user_id)
        else await this.swapEmail(tx, used.user_id, used.email, locale)
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
    const row = await this.repo.confirmationTokenState(hashToken(token))
    if (!row?.confirmed) return false
    return row.email === null || normalizeEmail(row.email) === row.email_normalized
  }

  private async swapEmail(tx: Executor, userId: bigint, email: string, locale: Locale) {
    if (await this.repo.emailTakenByOther(tx, normalizeEmail(email), userId)) throw this.emailInUse(locale)
    await this.repo.voidResetLinks(tx, userId)
    const swapped = await this.repo.swapEmail(tx, userId, email, normalizeEmail(email))
    // A later change (or cancelling it) replaced the address this link was sent to.
    if (!swapped) {
      throw new AppError('validation_failed', 422, {
        confirmation_token: [t(locale, 'validation.token_invalid')],
      })
    }
    // Links mailed to the old address stop working with it.
    await this.repo.voidTokens(tx, userId)
  }

  private emailInUse(locale: Locale) {
    return new AppError('validation_failed', 422, { email: [t(locale, 'validation.email_in_use')] })
  }

  /**
   * Sends the confirmation link again, after the answer (drainMailRequests): the request does the
   * same work whether or not the address has an account, so neither answer nor timing tells.
   */
  async resendConfirmation(
    email: string,
    ctx: Pick<RequestContext, 'locale' | 'publicOrigin'>,
  ): Promise<void> {
    await this.recordMailRequest('confirmation', email, ctx)
  }

  /**
   * POST /users/email-verification/request/:id: the signed-in player asks for a new link. Another
   * player's id answers 404 like an unknown one; nothing left to confirm answers 422 on `email`.
   */
  async requestEmailVerification(id: number, caller: PlayerCaller): Promise<void> {
    const userId = caller.session.userId
    if (BigInt(id) !== userId) throw new AppError('not_found', 404)
    const user = await this.user(userId)
    const deliver = await this.sendConfirmationAgain(this.db, user, caller.ctx.publicOrigin)
    if (!deliver) {
      throw new AppError('validation_failed', 422, {
        email: [t(caller.ctx.locale, 'validation.email_confirmed')],
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
    caller: PlayerCaller,
  ): Promise<SignedIn> {
    const { ctx } = caller
    const userId = caller.session.userId
    const user = await this.user(userId)
    const locale = ctx.locale
    const normalized = normalizeEmail(user.email)
    // The re-entered password takes its place under the failure limits before it is checked.
    const attempt = await this.signInFailures.take(normalized, ctx.ip)
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
        await this.repo.voidResetLinks(tx, userId)
        await this.repo.setPasswordHash(tx, userId, passwordHash)
      }
      if (newEmail === undefined) return
      if (emailChange && (await this.repo.emailTaken(tx, normalizeEmail(emailChange))))
        throw this.emailInUse(locale)
      // The account's own address again cancels a pending change.
      await this.repo.setUnconfirmedEmail(tx, userId, emailChange ?? null)
    })
    const session = passwordHash
      ? await this.passwordChanged(user, caller)
      : await this.sessions.start(userId, ctx, caller.session)
    if (emailChange) {
      const locale = user.language as Locale
      const deliver = await this.sendEmailChangeLink(this.db, userId, emailChange, locale, ctx.publicOrigin)
      deliver()
      await this.mail.send({
        to: user.email,
        template: 'email_change_requested',
        locale: user.language as Locale,
        userId,
        vars: { email: emailChange, support: SUPPORT_ADDRESS },
      })
    }
    return { user: await this.profile(userId), session: session! }
  }

  /**
   * Starts a password reset. The link is made and mailed after the answer (drainMailRequests):
   * the request does the same work whether or not the address has an account, so neither the
   * answer nor its timing tells (issue 19, finding 4).
   */
  async requestPasswordReset(
    email: string,
    ctx: Pick<RequestContext, 'locale' | 'publicOrigin'>,
  ): Promise<void> {
    await this.recordMailRequest('password_reset', email, ctx)
  }

  /**
   * The same statements whatever the address: the request, with the language and the links'
   * origin, and the job that handles it, in one transaction.
   */
  private async recordMailRequest(
    kind: MailRequestKind,
    email: string,
    ctx: Pick<RequestContext, 'locale' | 'publicOrigin'>,
  ) {
    await this.db.transaction(async (tx) => {
      const id = (
        await this.repo.insertMailRequest(tx, kind, normalizeEmail(email), ctx.locale, ctx.publicOrigin)
      ).toString()
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
            const claimed = await this.repo.claimMailRequest(tx, payload.id)
            return claimed && this.handleMailRequest(tx, claimed)
          })
        } catch (err) {
          if (attempt >= maxAttempts) await this.repo.dropMailRequest(payload.id)
          throw err
        }
        deliver?.()
      },
    })
  }

  /** The work the answer did not wait for: nothing for an unknown address. */
  private async handleMailRequest(
    tx: Executor,
    row: { kind: MailRequestKind; email_normalized: string; origin: string },
  ): Promise<() => void> {
    const nothing = () => undefined
    const user = await this.repo.findByEmail(row.email_normalized, tx)
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
  async resetPassword(token: string, password: string, caller: Caller): Promise<SignInOutcome> {
    const passwordHash = await hashPassword(password)
    const userId = await this.db.transaction(async (tx) => {
      const used = await this.useToken(token, 'password_reset', 'reset_password_token', caller.ctx.locale, tx)
      // The other links of the player die with this one.
      await this.repo.voidResetLinks(tx, used.user_id)
      await this.repo.setPasswordHash(tx, used.user_id, passwordHash)
      return used.user_id
    })
    const user = await this.user(userId)
    await this.signInFailures.clear(normalizeEmail(user.email))
    if (user.two_factor_enabled_at) {
      await this.passwordChanged(user, null)
      if (!caller.session) return this.challengeSecondFactor(user.id)
      await this.sessions.end(caller.session)
      return { ...this.challengeSecondFactor(user.id), session: null }
    }
    const session = (await this.passwordChanged(user, caller))!
    return { user: await this.infoOf(user), session }
  }

  /**
   * After a new password: every other session ends, the caller's rotates (none starts without a
   * caller), and the player is told by e-mail.
   */
  private async passwordChanged(user: UserRow, caller: Caller | null): Promise<StartedSession | null> {
    await this.sessions.revokeOthers(user.id, null)
    const session = caller ? await this.sessions.start(user.id, caller.ctx, caller.session) : null
    await this.mail.send({
      to: user.email,
      template: 'password_changed',
      locale: user.language as Locale,
      userId: user.id,
      vars: { support: SUPPORT_ADDRESS },
    })
    return session
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
    await this.repo.insertToken(executor, {
      hash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(now.getTime() + ttlMs),
      email,
      createdAt: now,
    })
    return token
  }

  /** At most `max` links of a kind an hour per account: a quiet limit, the answer does not change. */
  private async recentTokens(
    executor: Executor,
    userId: bigint,
    purpose: string,
    max: number,
  ): Promise<boolean> {
    const since = new Date(this.clock.now().getTime() - 3_600_000)
    return (await this.repo.countTokensSince(executor, userId, purpose, since)) >= max
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
    const row = await this.repo.useToken(executor, hashToken(token), purpose, this.clock.now())
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
