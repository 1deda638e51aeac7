import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminMail, AdminMailMessage } from '@aurum/shared/contracts/admin-mail'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'

/** One message as it was sent: its delivery, its text, and a resend of a copy. */
export function MessagePage() {
  const { t, locale } = useI18n()
  const { id } = useParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const message = useQuery({
    queryKey: ['mail', 'message', id],
    queryFn: () => api<AdminMailMessage>('GET', `/api/admin/mail/${id}`),
  })
  const resend = useMutation({
    mutationFn: () => api<{ message: AdminMail }>('POST', `/api/admin/mail/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mail'] }),
  })
  if (message.error) return <ErrorNotice error={message.error} />
  if (!message.data) return <p className="muted">{t('table.loading')}</p>
  const m = message.data
  return (
    <section className="page" aria-labelledby="message-title">
      <p>
        <Link to="/mail">{t('mail.back')}</Link>
      </p>
      <h1 id="message-title">{m.subject}</h1>
      <dl className="facts">
        <dt>{t('mail.to')}</dt>
        <dd>{m.to}</dd>
        <dt>{t('mail.template')}</dt>
        <dd className="mono">
          {m.template} ({m.locale})
        </dd>
        <dt>{t('mail.state')}</dt>
        <dd>{t(`mail.states.${m.state}`)}</dd>
        <dt>{t('mail.created')}</dt>
        <dd>{dateTime(m.created_at, locale, true)}</dd>
        <dt>{t('mail.sent')}</dt>
        <dd>{dateTime(m.sent_at, locale, true)}</dd>
        <dt>{t('mail.attempts')}</dt>
        <dd>{m.attempts}</dd>
        {m.last_error && (
          <>
            <dt>{t('mail.last_error')}</dt>
            <dd className="mono">{m.last_error}</dd>
          </>
        )}
        {m.resent_from && (
          <>
            <dt>{t('mail.copy_of')}</dt>
            <dd>
              <Link to={`/mail/${m.resent_from}`}>#{m.resent_from}</Link>
            </dd>
          </>
        )}
      </dl>
      {m.redacted && <p className="notice">{t('mail.redacted')}</p>}
      <h2>{t('mail.body')}</h2>
      <pre className="card mono">{m.text_body}</pre>
      {can('mail:edit') &&
        (m.one_time_link ? (
          <p className="muted">{t('mail.no_resend')}</p>
        ) : (
          <>
            <ErrorNotice error={resend.error} />
            {resend.isSuccess ? (
              <p className="notice notice-success" role="status">
                {t('mail.resent')}{' '}
                <Link to={`/mail/${resend.data.message.id}`}>#{resend.data.message.id}</Link>
              </p>
            ) : (
              <button
                type="button"
                className="button"
                disabled={resend.isPending}
                onClick={() => resend.mutate()}
              >
                {t('mail.resend')}
              </button>
            )}
          </>
        ))}
    </section>
  )
}
