import { useI18n } from '../lib/i18n.tsx'
import { ApiError } from '../lib/http.ts'

/**
 * An api error as the operator reads it: the message the api wrote in their language (it answers in
 * the request's language), and each field's errors beside the field (see fieldError).
 */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useI18n()
  if (!error) return null
  const text =
    error instanceof ApiError
      ? error.status === 0
        ? t('errors.network')
        : Object.keys(error.errors).length
          ? t('errors.check_fields')
          : error.message
      : t('errors.failed.text')
  return (
    <p className="notice notice-error" role="alert">
      {text}
    </p>
  )
}

/** The api's errors for one field, joined. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const messages = error.errors[field]
  return messages?.length ? messages.join(' ') : undefined
}

/** An input's error line, tied to it by id for screen readers (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  )
}
