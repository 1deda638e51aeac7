// What every module's contract shares: the error body and the language parameter. Messages that
// are translation keys (`validation.*`) are translated by the api's error handler.
import { z } from 'zod'
import { LOCALES } from '../locales.ts'
import { CURRENCIES } from '../currencies.ts'

export const localeParam = z.enum(LOCALES as unknown as [string, ...string[]])

/** `?l=` selects the content language; absent means the request's language. */
export const localeQuery = z.strictObject({ l: localeParam.optional() })

export const errorResponse = z
  .object({
    code: z.string(),
    error: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .describe('Error: a stable `code`, a translated `error` text and, for 400/422, messages per field.')
export type ErrorBody = z.infer<typeof errorResponse>

export const errorResponses = {
  400: errorResponse,
  422: errorResponse,
} as const

const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code)

/** One of the supported currencies (spec §9). */
export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'validation.one_of')
  .refine((c) => CURRENCY_CODES.includes(c), 'validation.one_of')

/** `/:id` of a numeric row id (path parameters are text). */
export const idParam = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
