import { z } from 'zod'
import { LOCALES } from '@aurum/shared'

/** Shared request schemas. Messages that are translation keys are translated by the error handler. */
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

export const errorResponses = {
  400: errorResponse,
  422: errorResponse,
} as const
