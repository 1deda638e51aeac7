import { z } from 'zod'

/**
 * The rules of the player's own fields, one schema per field, used by every route that
 * accepts them (registration, PATCH /api/player, update_details): a value one route
 * refuses is refused by all, so no route is a way around another's rules. Messages are
 * locale keys, translated by the api's error handler.
 */

/** A given or family name: starts with a letter; letters, marks, apostrophes, spaces, dots, hyphens. No markup. */
export const personNameField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}][\p{L}\p{M}' .-]*$/u, 'validation.invalid')

/** Shown to other players (latest wins): letters, digits, `_`, `.` and `-` only. */
export const nicknameField = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'validation.invalid')

/** ISO 3166-1 alpha-2, either case (stored in upper case). */
export const countryField = z.string().regex(/^[A-Za-z]{2}$/)

export const promosField = z.boolean()

/** The licence's minimum age, and the earliest birth year taken for a real one. */
export const MIN_PLAYER_AGE = 18
export const EARLIEST_BIRTH_YEAR = 1900

/**
 * Why a date of birth (YYYY-MM-DD) is refused on `today` (UTC), as a locale key: a date that
 * cannot be a living person's (in the future, or before 1900) is a typo, not a minor, so it gets
 * its own message; null when it is accepted.
 */
export function dateOfBirthProblem(
  value: string,
  today: Date = new Date(),
): 'validation.birth_date_real' | 'validation.age' | null {
  const born = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(born.getTime())) return 'validation.birth_date_real'
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  if (born.getTime() > day || born.getUTCFullYear() < EARLIEST_BIRTH_YEAR) return 'validation.birth_date_real'
  const adult = Date.UTC(today.getUTCFullYear() - MIN_PLAYER_AGE, today.getUTCMonth(), today.getUTCDate())
  return born.getTime() <= adult ? null : 'validation.age'
}

/** A date of birth: a real date (YYYY-MM-DD) of someone 18 or older, one message per refusal. */
export const dateOfBirthField = (now: () => Date = () => new Date()) =>
  z.iso.date('validation.invalid').superRefine((value, ctx) => {
    // A value that is not a date at all has its format message already.
    if (ctx.issues.length) return
    const problem = dateOfBirthProblem(value, now())
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
