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
        return reply.status(error.status).send({
          code: error.code,
          error: t(request.locale, `api.errors.${error.code}`),
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
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
  for (const issue of error.issues) {
    const field = fieldName(issue.path)
    ;(errors[field] ??= []).push(issueMessage(issue, field, request))
  }
  const malformed = error.issues.some(isMalformed)
  return reply.status(malformed ? 400 : 422).send({
    code: malformed ? 'malformed_request' : 'validation_failed',
    error: t(request.locale, malformed ? 'api.errors.malformed_request' : 'api.errors.validation_failed'),
    errors,
  })
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
      return issue.origin === 'string'
        ? t(locale, 'validation.too_short', { field: name, min: Number(issue.minimum) })
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
