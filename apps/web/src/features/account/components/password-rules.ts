import { z } from 'zod'

/** A new password in the browser: the api's length bounds (it also refuses common passwords). */
export const newPassword = z.string().min(8, 'validation.too_short').max(128, 'validation.too_long')
export const PASSWORD_BOUNDS = { min: 8, max: 128 }

/** A new password typed twice: the fields, and the refinement that they match. */
export const newPasswordPair = { password: newPassword, password_confirmation: z.string() }
export const passwordsMatch: [
  (v: { password: string; password_confirmation: string }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => v.password === v.password_confirmation,
  { message: 'validation.password_confirmation', path: ['password_confirmation'] },
]
