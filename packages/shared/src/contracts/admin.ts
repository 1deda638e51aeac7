// The back office's contracts (issue 22; docs/security.md "Staff"): staff accounts, roles over a
// permission matrix and the staff session. The api validates and serialises with these schemas,
// OpenAPI describes them, and the back office infers its types from them.
import { z } from 'zod'

/** What a permission is about: one module of the back office each. */
export const ADMIN_MODULES = [
  'dashboard',
  'players',
  'payments',
  'verification',
  'games',
  'content',
  'reports',
  'mail',
  'staff',
  'audit',
  'responsible_gambling',
] as const
export type AdminModule = (typeof ADMIN_MODULES)[number]

/** Each level includes the ones before it: approving includes editing, editing includes viewing. */
export const ACCESS_LEVELS = ['view', 'edit', 'approve'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]

/** A route's permission: `module:level`. */
export type Permission = `${AdminModule}:${AccessLevel}`

/** A role's permissions; a module left out is no access. */
export const permissionMatrix = z.partialRecord(z.enum(ADMIN_MODULES), z.enum(ACCESS_LEVELS))
export type PermissionMatrix = z.infer<typeof permissionMatrix>

/** Whether `matrix` grants `permission`. */
export function grants(matrix: PermissionMatrix, permission: Permission): boolean {
  const [module, level] = permission.split(':') as [AdminModule, AccessLevel]
  const held = matrix[module]
  return held !== undefined && ACCESS_LEVELS.indexOf(held) >= ACCESS_LEVELS.indexOf(level)
}

const email = z.email('validation.email').max(254)
const totpCode = z.string().regex(/^\d{6}$/, 'validation.code')
/** Staff passwords: longer than players' (12), checked against the common list by the api. */
export const STAFF_PASSWORD_MIN = 12
const token = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'validation.invalid')

export const staffSignInBody = z.strictObject({
  email,
  password: z.string().min(1).max(128),
  code: totpCode,
})

/** Step one of a set-up link: the name and password; answers the TOTP secret to enrol. */
export const staffSetupBody = z.strictObject({
  token,
  /** Only with the first owner's link of a fresh install, which names no member yet. */
  email: email.optional(),
  name: z.string().trim().min(1).max(100),
  password: z.string().min(STAFF_PASSWORD_MIN).max(128),
})

/** Step two: a code from the authenticator proves the enrolment; the account is active. */
export const staffSetupConfirmBody = z.strictObject({ token, code: totpCode })

export const staffTotpSetup = z.object({
  otp_secret: z.string(),
  /** The otpauth:// provisioning URI. */
  data: z.string(),
  /** The same URI as a QR code (SVG data URL). */
  qr: z.string(),
})

export const staffInviteBody = z.strictObject({
  email,
  name: z.string().trim().min(1).max(100),
  role_id: z.number().int().positive(),
})

export const staffUpdateBody = z
  .strictObject({
    role_id: z.number().int().positive().optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((body) => body.role_id !== undefined || body.status !== undefined, 'validation.nothing_to_change')

export const roleBody = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9 _-]{1,39}$/i, 'validation.invalid'),
  permissions: permissionMatrix,
})

export const staffRole = z.object({
  id: z.number(),
  name: z.string(),
  builtin: z.boolean(),
  permissions: permissionMatrix,
})
export type StaffRole = z.infer<typeof staffRole>

export const staffMember = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.object({ id: z.number(), name: z.string() }),
  status: z.enum(['invited', 'active', 'disabled']),
  locked: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
})
export type StaffMember = z.infer<typeof staffMember>

/** The signed-in staff member and what they may do. */
export const staffMe = staffMember.extend({ permissions: permissionMatrix })
export type StaffMe = z.infer<typeof staffMe>

export const staffSignIn = z.object({
  id: z.number(),
  email: z.string(),
  outcome: z.enum(['ok', 'bad_password', 'bad_code', 'locked', 'disabled', 'unknown']),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
})
export type StaffSignIn = z.infer<typeof staffSignIn>

export const staffSession = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
})

/** An invitation's answer: the link is e-mailed; in development it is also answered. */
export const staffInvitation = z.object({ member: staffMember, link: z.string().optional() })
