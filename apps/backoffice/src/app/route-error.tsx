import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { useI18n } from '../lib/i18n.tsx'
import { ApiError } from '../lib/http.ts'

/** What a screen shows when it cannot: not found, not this member's to see, or a failure. */
export function RouteError({ notFound = false }: { notFound?: boolean }) {
  const { t } = useI18n()
  const error = useRouteError()
  const status = notFound
    ? 404
    : isRouteErrorResponse(error)
      ? error.status
      : error instanceof ApiError
        ? error.status
        : 500
  const key = status === 404 ? 'not_found' : status === 403 ? 'forbidden' : 'failed'
  return (
    <section className="page" aria-labelledby="error-title">
      <h1 id="error-title">{t(`errors.${key}.title`)}</h1>
      <p>{t(`errors.${key}.text`)}</p>
      <p>
        <Link to="/">{t('errors.home')}</Link>
      </p>
    </section>
  )
}
