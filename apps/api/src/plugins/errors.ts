import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, RequestValidationError } from '../lib/errors.ts'
import { t } from '../lib/i18n.ts'
import type { z } from 'zod'

/** Retry-After of a 503: a dependency that failed is usually back within a minute. */
export const RETRY_AFTER_SECONDS = 30

/**
 * One error handler for the whole api (DESIGN.md): malformed requests answer 400,
 * field problems 422 with `errors` per field, both translated into the request's
 * language; 5xx never leak internals and are logged with the request id.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof RequestValidationError) return sendValidation(error, request, reply)
      if (error instanceof AppError) {
        // A service that is down for a while (the document store): when to ask again.
        if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS))
        const message = t(request.locale, `api.errors.${error.code}`)
        const errors = error.fieldErrors && distinctMessages(error.fieldErrors, message)
        // A message placed at its field (the code box, the captcha) is said there; the answer's
        // own `error` then sums up, as for any field error, rather than saying it twice.
        const atField = errors && Object.values(errors).some((messages) => messages.includes(message))
        return reply.status(error.status).send({
          code: error.code,
          error: atField ? t(request.locale, 'api.errors.validation_failed') : message,
          ...(errors ? { errors } : {}),
        })
      }
      const status = error.statusCode ?? 500
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed')
        return reply
          .status(500)
          .send({ code: 'internal_error', error: t(request.locale, 'api.errors.internal_error') })
      }
      const code = clientErrorCode(error)
      request.log.info({ code: error.code, status }, error.message)
      return reply.status(status).send({ code, error: t(request.locale, `api.errors.${code}`) })
    })

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ code: 'not_found', error: t(request.locale, 'api.errors.not_found') })
    })
  },
  { name: 'errors', dependencies: ['request-context'] },
)

function clientErrorCode(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type'
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return 'rate_limited'
    default:
      return error.statusCode === 429 ? 'rate_limited' : 'malformed_request'
  }
}

/** A value of the wrong type (or a body that is not an object) makes the request malformed; anything else is a field error. */
function isMalformed(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.input !== undefined
}

/**
 * Bodies wrap their fields in one object, Rails-style (`{user: {email}}`); errors name the
 * field as Rails does (`email`), so the client maps them to its form fields directly.
 */
const BODY_WRAPPERS = new Set(['user', 'contact', 'player', 'phone', 'exchange', 'two_factor', 'groups'])
const fieldName = (path: PropertyKey[]) =>
  (path.length > 1 && BODY_WRAPPERS.has(String(path[0])) ? path.slice(1) : path).map(String).join('.') ||
  'base'

function sendValidation(error: RequestValidationError, request: FastifyRequest, reply: FastifyReply) {
  const errors: Record<string, string[]> = {}
  for (const issue of tightestBounds(error.issues)) {
    const field = fieldName(issue.path)
    ;(errors[field] ??= []).push(issueMessage(issue, field, request))
  }
  const malformed = error.issues.some(isMalformed)
  const message = t(
    request.locale,
    malformed ? 'api.errors.malformed_request' : 'api.errors.validation_failed',
  )
  return reply.status(malformed ? 400 : 422).send({
    code: malformed ? 'malformed_request' : 'validation_failed',
    error: message,
    errors: distinctMessages(errors, message) ?? {},
  })
}

/**
 * One bound per side and field: a number checked by several rules (`.int()` keeps to the safe
 * integers, `.max(44640)` to the product's range) fails each of them, but only the tightest bound
 * tells the player anything ("at most 44640", not also "at most 9007199254740991").
 */
function tightestBounds(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const kept = new Map<string, z.core.$ZodIssue>()
  const rest: z.core.$ZodIssue[] = []
  for (const issue of issues) {
    if (issue.code !== 'too_small' && issue.code !== 'too_big') {
      rest.push(issue)
      continue
    }
    const key = `${issue.code}|${issue.path.map(String).join('.')}`
    const seen = kept.get(key)
    const bound = (i: z.core.$ZodIssue) =>
      Number(i.code === 'too_small' ? i.minimum : i.code === 'too_big' ? i.maximum : 0)
    const tighter =
      !seen || (issue.code === 'too_small' ? bound(issue) > bound(seen) : bound(issue) < bound(seen))
    if (tighter) kept.set(key, issue)
  }
  return [...rest, ...kept.values()]
}

/**
 * Each field's messages once, and none that only repeats the answer's own `error` under `base`
 * (a field-less message is the top-level one already); no `errors` when nothing is left.
 */
export function distinctMessages(
  errors: Record<string, string[]>,
  message: string,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(errors)) {
    const unique = [...new Set(messages)].filter((m) => field !== 'base' || m !== message)
    if (unique.length) out[field] = unique
  }
  return Object.keys(out).length ? out : undefined
}

function issueMessage(issue: z.core.$ZodIssue, field: string, request: FastifyRequest): string {
  const locale = request.locale
  const leaf = field.split('.').at(-1) ?? field
  const label = t(locale, `fields.${leaf}`)
  const name = label === `fields.${leaf}` ? leaf : label
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? t(locale, 'validation.required', { field: name })
        : t(locale, 'validation.type', { field: name, expected: issue.expected })
    case 'too_small':
      if (issue.origin === 'string')
        return t(locale, 'validation.too_short', { field: name, min: Number(issue.minimum) })
      // `.positive()`: more than 0, not "at least 0".
      return issue.inclusive === false
        ? t(locale, 'validation.greater_than', { field: name, min: Number(issue.minimum) })
        : t(locale, 'validation.too_small', { field: name, min: Number(issue.minimum) })
    case 'too_big':
      return issue.origin === 'string'
        ? t(locale, 'validation.too_long', { field: name, max: Number(issue.maximum) })
        : t(locale, 'validation.too_big', { field: name, max: Number(issue.maximum) })
    case 'invalid_format':
      return issue.format === 'email'
        ? t(locale, 'validation.email', { field: name })
        : t(locale, 'validation.invalid', { field: name })
    case 'invalid_value':
      return t(locale, 'validation.one_of', { field: name })
    case 'unrecognized_keys':
      return t(locale, 'validation.unknown_keys', { keys: issue.keys.join(', ') })
    default: {
      // Custom refinements carry a translation key as their message.
      const custom = issue.message.startsWith('validation.')
        ? t(locale, issue.message, { field: name })
        : undefined
      return custom ?? t(locale, 'validation.invalid', { field: name })
    }
  }
}
