import { z } from 'zod'
import {
  countryField,
  dateOfBirthField,
  nicknameField,
  personNameField,
  promosField,
} from '@aurum/shared/player-fields'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { applySession } from '../../plugins/session.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { passwordSchema } from '../../lib/passwords.ts'
import { phoneNumberSchema } from '../../lib/phone.ts'
import type { AccountsService, Caller, PlayerCaller, SignInOutcome } from './service.ts'
import type { CaptchaService } from '../captcha/service.ts'
import {
  accepted,
  backupCodeStatus,
  backupCodes,
  disableTwoFactorBody,
  enableTwoFactorBody,
  renewBackupCodesBody,
  signInAnswer,
  signInBody,
  twoFactorEnabled,
  twoFactorSetup,
  userInfo,
} from '@aurum/shared/contracts/accounts'

const email = z.email().max(254)

/** Between the password and the one-time code of a 2FA sign-in: a signed cookie carries the challenge. */
const CHALLENGE_COOKIE = 'otp_challenge'
/** Set and cleared with the same attributes (a browser keeps a Secure cookie that an insecure clearing names). */
const challengeCookieOptions = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', path: '/api/users' }) as const
/** The campaign cookies the landing page set, passed on at registration. */
const UTM_COOKIES = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const

const caller = (request: FastifyRequest): Caller => ({ ctx: request.ctx, session: request.session })
const playerCaller = (request: FastifyRequest): PlayerCaller => ({
  ctx: request.ctx,
  session: request.requireSession(),
})

/** A sign-in's outcome for the client: the session cookie and the profile, or the 2FA challenge. */
function signInAnswerOf(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome) {
  if ('two_factor_required' in outcome) {
    if (outcome.session === null) applySession(request, reply, null)
    reply.setCookie(CHALLENGE_COOKIE, outcome.challenge, {
      ...challengeCookieOptions(request),
      signed: true,
      maxAge: outcome.challengeMaxAgeSeconds,
    })
    return { two_factor_required: true as const }
  }
  applySession(request, reply, outcome.session)
  return outcome.user
}

/** `password_confirmation`, when sent, must repeat `password`. */
const withConfirmation = <S extends z.ZodType<{ password?: string; password_confirmation?: string }>>(
  schema: S,
) =>
  schema.refine((u) => u.password_confirmation === undefined || u.password_confirmation === u.password, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
  })

export const registrationBody = z.strictObject({
  user: withConfirmation(
    z.strictObject({
      email,
      password: passwordSchema,
      password_confirmation: z.string().max(256).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3,5}$/)
        .optional(),
      country: countryField.optional(),
      terms_acceptance: z.literal(true, 'validation.terms_required'),
      receive_promos: promosField.optional(),
      receive_sms_promos: promosField.optional(),
      nickname: nicknameField.optional(),
      first_name: personNameField.optional(),
      last_name: personNameField.optional(),
      dfpc: z.string().max(512).optional(),
      captcha: z.string().max(4_096).optional(),
      stag: z
        .string()
        .regex(/^[\w-]{1,100}$/)
        .optional(),
    }),
  ),
})

/** Adults only: 18 or older on the day (the minimum age of the licence), and a real date (shared with the web form). */
const dateOfBirth = dateOfBirthField()

export const profilePatchBody = z.strictObject({
  context: z.enum(['registration', 'edition', 'deposit', 'cashout']).default('edition'),
  player: z.strictObject({
    nickname: nicknameField.optional(),
    first_name: personNameField.optional(),
    last_name: personNameField.optional(),
    gender: z.enum(['m', 'f']).optional(),
    date_of_birth: dateOfBirth.optional(),
    country: countryField.optional(),
    city: z.string().trim().min(1).max(128).optional(),
    address: z.string().trim().min(1).max(256).optional(),
    postal_code: z
      .string()
      .trim()
      .min(2)
      .max(16)
      .regex(/^[\p{L}\p{N} -]+$/u, 'validation.invalid')
      .optional(),
    // Sent with a + prefix (spec §5); a real mobile or fixed line, stored as E.164.
    mobile_phone: phoneNumberSchema.optional(),
    receive_promos: promosField.optional(),
    receive_sms_promos: promosField.optional(),
    terms_acceptance: z.literal(true).optional(),
  }),
})

/** An empty change is a client mistake: answered 422 rather than a silent no-op. */
const nonEmpty = { message: 'validation.nothing_to_change', path: ['base'] }

/**
 * POST /api/auth_providers/update_details: what `auth_fields_missed` lists (here only
 * `terms_acceptance`) and any profile field, with exactly the rules of PATCH /api/player.
 */
export const detailsBody = profilePatchBody.shape.player.refine((f) => Object.keys(f).length > 0, nonEmpty)

/** PUT /api/users (IDataForUpdatePass, plus `email`): the current password, then what changes. */
export const credentialsBody = z.strictObject({
  user: withConfirmation(
    z.strictObject({
      current_password: z.string().min(1).max(256),
      password: passwordSchema.optional(),
      password_confirmation: z.string().max(256).optional(),
      email: email.optional(),
    }),
  ).refine((u) => u.password !== undefined || u.email !== undefined, nonEmpty),
})

/** Captcha: registration requires one while enabled for it; the other forms check one when given. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService
  captcha: CaptchaService
  registrationsPerHour: number
}> = async (app, { accounts, captcha, registrationsPerHour }) => {
  const tags = ['accounts']
  app.post(
    '/api/users',
    {
      config: { rateLimit: { max: registrationsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Registration: creates the account, signs in, e-mails the confirmation link',
        body: registrationBody,
        response: {
          201: userInfo,
          403: errorResponse,
          451: errorResponse,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await captcha.verifyRegistration(
        request.body.user.captcha,
        request.locale,
        request.headers['user-agent'],
      )
      const utm = Object.fromEntries(
        UTM_COOKIES.flatMap((name) => {
          const value = request.cookies[name]
          return value ? [[name, value.slice(0, 200)]] : []
        }),
      )
      const { user, session } = await accounts.register(request.body.user, utm, caller(request))
      applySession(request, reply, session)
      return reply.status(201).send(user)
    },
  )
  app.post(
    '/api/users/sign_in',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Sign in with e-mail and password; with 2FA on the answer is {two_factor_required: true} and a second call sends otp_attempt',
        body: signInBody,
        response: {
          200: signInAnswer,
          451: errorResponse,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.body.user
      if ('captcha' in user) await captcha.verifyIfGiven(user.captcha, request.locale)
      if ('otp_attempt' in user) {
        const raw = request.cookies[CHALLENGE_COOKIE]
        const unsigned = raw ? request.unsignCookie(raw) : undefined
        const challenge = unsigned?.valid && unsigned.value ? unsigned.value : undefined
        const signedIn = await accounts.signInWithCode(user.otp_attempt, challenge, caller(request))
        reply.clearCookie(CHALLENGE_COOKIE, challengeCookieOptions(request))
        return signInAnswerOf(request, reply, signedIn)
      }
      return signInAnswerOf(request, reply, await accounts.signIn(user.email, user.password, caller(request)))
    },
  )
  app.get(
    '/api/v2/player/two_factor',
    {
      schema: {
        tags,
        summary:
          'The TOTP secret to scan: reads only, the same secret until two-factor authentication is turned on (204 when it is on already)',
        response: { 200: twoFactorSetup, 204: z.null(), 401: errorResponse },
      },
    },
    async (request, reply) => {
      const setup = await accounts.twoFactorSetup(request.requireUser())
      return setup ?? reply.status(204).send(null)
    },
  )
  app.post(
    '/api/v2/player/two_factor',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'Turns two-factor authentication on with a code from the new secret; answers single-use backup codes',
        body: enableTwoFactorBody,
        response: {
          200: twoFactorEnabled,
          401: errorResponse,
          403: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { otp_secret, authentication_code, password } = request.body.two_factor
      const { enabled, session } = await accounts.enableTwoFactor(
        otp_secret,
        authentication_code,
        password,
        playerCaller(request),
      )
      applySession(request, reply, session)
      return enabled
    },
  )
  app.delete(
    '/api/v2/player/two_factor',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: 'Turns two-factor authentication off with the password and a code (or a backup code)',
        body: disableTwoFactorBody,
        response: { 204: z.null(), 401: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { authentication_code, password } = request.body.two_factor
      const session = await accounts.disableTwoFactor(authentication_code, password, playerCaller(request))
      applySession(request, reply, session)
      return reply.status(204).send(null)
    },
  )
  app.get(
    '/api/v2/player/two_factor/backup_codes',
    {
      schema: {
        tags,
        summary:
          'How many unused backup codes the player has; `outdated` when any is of the old, shorter kind (new ones are then offered)',
        response: {
          200: backupCodeStatus,
          401: errorResponse,
        },
      },
    },
    async (request) => accounts.backupCodeStatus(request.requireUser()),
  )
  app.post(
    '/api/v2/player/two_factor/backup_codes',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'Ten new single-use backup codes; every other backup code stops working. Needs a current code (or a backup code)',
        body: renewBackupCodesBody,
        response: {
          200: backupCodes,
          401: errorResponse,
          403: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { authentication_code, password } = request.body.two_factor
      return accounts.renewBackupCodes(authentication_code, password, playerCaller(request))
    },
  )
  app.delete(
    '/api/users/sign_out',
    { schema: { tags, summary: 'Sign out (ends this session)', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.session) await app.sessions.end(request.session)
      applySession(request, reply, null)
      return reply.status(204).send(null)
    },
  )
  const token = z
    .string()
    .min(20)
    .max(100)
    .regex(/^[\w-]+$/, 'validation.token_invalid')
  app.get(
    '/api/users/confirmation',
    {
      schema: {
        tags,
        summary: 'Confirms the e-mail address from the link; answers the profile',
        querystring: z.strictObject({ confirmation_token: token }),
        response: { 200: userInfo, ...errorResponses },
      },
    },
    async (request) => accounts.confirm(request.query.confirmation_token, request.locale),
  )
  app.post(
    '/api/users/confirmation',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      // The link is made and mailed after the answer (the same work for every address).
      onResponse: async () => accounts.kickMailRequests(),
      schema: {
        tags,
        summary: 'Sends the confirmation link again',
        body: z.strictObject({ user: z.strictObject({ email, captcha: z.string().max(4_096).optional() }) }),
        response: { 200: accepted, 429: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      await captcha.verifyIfGiven(request.body.user.captcha, request.locale)
      await accounts.resendConfirmation(request.body.user.email, request.ctx)
      return { status: 'accepted' as const }
    },
  )
  app.post(
    '/api/users/password',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      // The link is made and mailed after the answer (the same work for every address).
      onResponse: async () => accounts.kickMailRequests(),
      schema: {
        tags,
        summary: 'Requests a password reset link by e-mail',
        body: z.strictObject({ user: z.strictObject({ email, captcha: z.string().max(4_096).optional() }) }),
        response: { 200: accepted, 429: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      await captcha.verifyIfGiven(request.body.user.captcha, request.locale)
      await accounts.requestPasswordReset(request.body.user.email, request.ctx)
      return { status: 'accepted' as const }
    },
  )
  app.put(
    '/api/users/password',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'Sets a new password from a reset link; signs out every session and signs in afresh (with 2FA on: answers {two_factor_required: true} and the code goes to sign_in)',
        body: z.strictObject({
          user: withConfirmation(
            z.strictObject({
              reset_password_token: token,
              password: passwordSchema,
              password_confirmation: z.string().max(256).optional(),
            }),
          ),
        }),
        response: {
          200: signInAnswer,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) =>
      signInAnswerOf(
        request,
        reply,
        await accounts.resetPassword(
          request.body.user.reset_password_token,
          request.body.user.password,
          caller(request),
        ),
      ),
  )
  app.patch(
    '/api/player',
    {
      schema: {
        tags,
        summary: 'Updates profile fields; name and date of birth cannot change once set',
        body: profilePatchBody,
        response: { 200: userInfo, 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => accounts.updateProfile(request.requireUser(), request.body.player, request.locale),
  )
  app.get(
    '/api/player',
    { schema: { tags, summary: 'The signed-in player', response: { 200: userInfo, 401: errorResponse } } },
    async (request) => accounts.profile(request.requireUser()),
  )
  app.put(
    '/api/users',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'Changes the password and/or the e-mail address with the current password. A new password ends every other session; a new address is confirmed from a link sent to it',
        body: credentialsBody,
        response: { 200: userInfo, 401: errorResponse, 429: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, session } = await accounts.changeCredentials(request.body.user, playerCaller(request))
      applySession(request, reply, session)
      return user
    },
  )
  app.post(
    '/api/auth_providers/update_details',
    {
      schema: {
        tags,
        summary:
          'Fills in what auth_fields_missed lists (terms_acceptance) and profile fields, with the rules of PATCH /api/player',
        body: detailsBody,
        response: { 200: userInfo, 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => accounts.updateProfile(request.requireUser(), request.body, request.locale),
  )
  // Outside /api: the spec's proxy route. SSR only takes GET, so this POST cannot reach it.
  app.post(
    '/users/email-verification/request/:id',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary:
          'E-mails a new confirmation link to the signed-in player (`id`: their own id; any other answers 404). 422 on `email` when confirmed already',
        params: z.strictObject({ id: z.coerce.number().int().positive() }),
        response: {
          200: accepted,
          401: errorResponse,
          404: errorResponse,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await accounts.requestEmailVerification(request.params.id, playerCaller(request))
      return { status: 'accepted' as const }
    },
  )
}
