// The accounts module's contracts (/api/users/*, GET /api/player): the api validates and
// serialises with them, OpenAPI describes them, and the web app infers its types from them
// (type imports only: no zod in the web app's first chunk for a type).
import { z } from 'zod'
import { SECOND_FACTOR_CODE } from '../constants.ts'

const text = z.string().nullable()
export const userInfo = z
  .object({
    id: z.number(),
    user_id: z.string(),
    email: z.string(),
    nickname: text,
    first_name: text,
    last_name: text,
    gender: text,
    date_of_birth: text,
    address: text,
    city: text,
    postal_code: text,
    country: text,
    mobile_phone: text,
    currency: z.string(),
    language: z.string(),
    statuses: z.array(z.object({ id: z.number(), name: z.string() })),
    auth_fields_missed: z.array(z.string()),
    verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    receive_promos: z.boolean(),
    receive_sms_promos: z.boolean(),
    autoregistered: z.boolean(),
    autologin_link: z.null(),
    created_at: z.string(),
    current_sign_in_at: text,
    confirmed_at: text,
    deposit_bonus_code: text,
    can_issue_bonuses: z.boolean(),
    profession: text,
    license_name: z.string(),
    sow_questionnaire_expires_at: z.null(),
    sumsub_verified: z.null(),
  })
  .describe('The player profile (IUserInfo)')

/** The player as the api answers GET /api/player (IUserInfo, api-shapes.md §2.2). */
export type UserInfo = z.infer<typeof userInfo>

/** POST /api/users/sign_in: first e-mail and password; second (2FA on) `otp_attempt`, a TOTP or backup code. */
export const signInBody = z.strictObject({
  user: z.union([
    z.strictObject({
      email: z.email().max(254),
      password: z.string().min(1).max(256),
      dfpc: z.string().max(512).optional(),
      captcha: z.string().max(4_096).optional(),
      custom_login_reg: z.string().max(16).optional(),
    }),
    z.strictObject({
      otp_attempt: z.string().trim().min(SECOND_FACTOR_CODE.min).max(SECOND_FACTOR_CODE.max),
    }),
  ]),
})
export type SignInRequest = z.input<typeof signInBody>

/** With 2FA on, signing in (or a password reset) answers that a second factor is needed. */
export const signInAnswer = z.union([userInfo, z.object({ two_factor_required: z.literal(true) })])
export type SignInAnswer = z.infer<typeof signInAnswer>

/** What the e-mail flows (reset, confirmation resend, limit mails…) answer. */
export const accepted = z
  .object({ status: z.literal('accepted') })
  .describe('The same answer whether or not the address has an account')
export type Accepted = z.infer<typeof accepted>

const laterPassword = z
  .string()
  .max(256)
  .optional()
  .describe('Needed when the password was not entered in the last 15 minutes')
const secondFactorCode = z.string().trim().min(SECOND_FACTOR_CODE.min).max(SECOND_FACTOR_CODE.max)

/** GET /api/v2/player/two_factor: ITwoFactorAuthData plus the QR code to scan. */
export const twoFactorSetup = z.object({
  otp_secret: z.string(),
  data: z.string().describe('otpauth:// URI'),
  qr: z.string().describe('QR code, SVG data URL'),
})
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>

/** POST /api/v2/player/two_factor */
export const enableTwoFactorBody = z.strictObject({
  two_factor: z.strictObject({
    otp_secret: z.string().min(16).max(64),
    authentication_code: z.string().regex(/^\d{6}$/, 'validation.invalid'),
    password: laterPassword,
  }),
})
export const twoFactorEnabled = z.object({
  otp_secret: z.string(),
  data: z.string(),
  backup_codes: z.array(z.string()),
})

/** DELETE /api/v2/player/two_factor */
export const disableTwoFactorBody = z.strictObject({
  two_factor: z.strictObject({ authentication_code: secondFactorCode, password: z.string().min(1).max(256) }),
})

/** GET /api/v2/player/two_factor/backup_codes */
export const backupCodeStatus = z.object({ remaining: z.number().int(), outdated: z.boolean() })
export type BackupCodeStatus = z.infer<typeof backupCodeStatus>

/** POST /api/v2/player/two_factor/backup_codes */
export const renewBackupCodesBody = z.strictObject({
  two_factor: z.strictObject({ authentication_code: secondFactorCode, password: laterPassword }),
})
export const backupCodes = z.object({ backup_codes: z.array(z.string()) })
export type BackupCodes = z.infer<typeof backupCodes>
