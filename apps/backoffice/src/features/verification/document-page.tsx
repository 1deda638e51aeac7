import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  REJECTION_REASON_MAX,
  type AdminDocumentDetail,
  type DocumentDecision,
} from '@aurum/shared/contracts/admin-verification'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import styles from './document-page.module.css'

/** One document: the file shown inline beside its facts and the player's, and the decision. */
export function DocumentPage() {
  const { t, locale } = useI18n()
  const { id } = useParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const detail = useQuery({
    queryKey: ['verification', 'document', id],
    queryFn: () => api<AdminDocumentDetail>('GET', `/api/admin/verification/documents/${id}`),
  })
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      api<DocumentDecision>(
        'POST',
        `/api/admin/verification/documents/${id}/${decision}`,
        decision === 'reject' ? { reason } : undefined,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['verification'] }),
  })
  if (detail.error) return <ErrorNotice error={detail.error} />
  if (!detail.data) return <p className="muted">{t('table.loading')}</p>
  const { document: d, player, other_documents: others } = detail.data
  const file = `/api/admin/verification/documents/${d.id}/file`
  const reasonError = fieldError(decide.error, 'reason')
  return (
    <section className="page" aria-labelledby="document-title">
      <p>
        <Link to="/verification">{t('verification.back')}</Link>
      </p>
      <h1 id="document-title">
        {t('verification.document', { id: d.id })}: {t(`verification.types.${d.document_type}`)}
      </h1>
      <div className={styles.layout}>
        <div className={styles.file}>
          {d.content_type.startsWith('image/') ? (
            <img src={file} alt={t('verification.file_alt', { name: d.file_name })} />
          ) : (
            <object data={file} type={d.content_type} aria-label={d.file_name}>
              <a href={file}>{d.file_name}</a>
            </object>
          )}
          <p>
            <a href={file} target="_blank" rel="noreferrer">
              {t('verification.open_file')}
            </a>
          </p>
        </div>
        <div className={styles.facts}>
          <dl className="facts">
            <dt>{t('verification.status')}</dt>
            <dd>{t(`verification.statuses.${d.status}`)}</dd>
            <dt>{t('verification.uploaded')}</dt>
            <dd>{dateTime(d.created_at, locale)}</dd>
            <dt>{t('verification.file')}</dt>
            <dd>
              {d.file_name} ({d.content_type}, {Math.ceil(d.size_bytes / 1024)} KB)
            </dd>
            <dt>SHA-256</dt>
            <dd className="mono">{d.sha256}</dd>
            <dt>{t('verification.description')}</dt>
            <dd>{d.description ?? '–'}</dd>
            {d.rejection_reason && (
              <>
                <dt>{t('verification.reason')}</dt>
                <dd>{d.rejection_reason}</dd>
              </>
            )}
            {d.reviewed_at && (
              <>
                <dt>{t('verification.reviewed')}</dt>
                <dd>{dateTime(d.reviewed_at, locale)}</dd>
              </>
            )}
          </dl>
          <h2>{t('verification.player')}</h2>
          <dl className="facts">
            <dt>{t('verification.player_id')}</dt>
            <dd>{player.id}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{player.email}</dd>
            <dt>{t('fields.name')}</dt>
            <dd>{player.name ?? '–'}</dd>
            <dt>{t('verification.country')}</dt>
            <dd>{player.country ?? '–'}</dd>
            <dt>{t('verification.verified')}</dt>
            <dd>{player.verified ? t('common.yes') : t('common.no')}</dd>
          </dl>
          {d.status === 'waiting' && can('verification:approve') && (
            <div className={styles.decision}>
              <h2>{t('verification.decision')}</h2>
              <ErrorNotice error={decide.error} />
              <button
                type="button"
                className="button button-primary"
                disabled={decide.isPending}
                onClick={() => decide.mutate('approve')}
              >
                {t('verification.approve')}
              </button>
              <label>
                {t('verification.reject_reason')}
                <textarea
                  value={reason}
                  maxLength={REJECTION_REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                  aria-invalid={!!reasonError || undefined}
                  aria-describedby={reasonError ? 'reason-error' : undefined}
                />
              </label>
              <FieldError id="reason-error" message={reasonError} />
              <button
                type="button"
                className="button button-danger"
                disabled={decide.isPending || !reason.trim()}
                onClick={() => decide.mutate('reject')}
              >
                {t('verification.reject')}
              </button>
            </div>
          )}
          {decide.isSuccess && (
            <p className="notice notice-success" role="status">
              {decide.data.player_verified ? t('verification.decided_verified') : t('verification.decided')}
            </p>
          )}
        </div>
      </div>
      <h2>{t('verification.others')}</h2>
      {others.length ? (
        <ul>
          {others.map((o) => (
            <li key={o.id}>
              <Link to={`/verification/${o.id}`}>
                {t(`verification.types.${o.document_type}`)}: {o.file_name}
              </Link>{' '}
              – {t(`verification.statuses.${o.status}`)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('verification.no_others')}</p>
      )}
    </section>
  )
}
