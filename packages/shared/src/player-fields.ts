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
