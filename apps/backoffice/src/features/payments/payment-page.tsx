import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPayment, ApprovalRequest } from '@aurum/shared/contracts/admin-payments'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { dateTime, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { PaymentState } from './payments-page.tsx'

interface PaymentDetail extends AdminPayment {
  history: Array<{ type: string; state: string; at: string }>
  approval: ApprovalRequest | null
}

interface ApproveResult {
  status: 'decided' | 'awaiting_second_approval'
  approval: ApprovalRequest | null
}

/** A four-eyes request: who asked, who decided, and where it stands. */
export function ApprovalFacts({ approval }: { approval: ApprovalRequest }) {
  const { t, locale } = useI18n()
  return (
    <dl className="facts">
      <dt>{t('approvals.state')}</dt>
      <dd>{t(`approvals.states.${approval.state}`)}</dd>
      <dt>{t('approvals.requested_by')}</dt>
      <dd>
        {approval.requested_by.email}, {dateTime(approval.created_at, locale)}
      </dd>
      {approval.request_reason && (
        <>
          <dt>{t('approvals.note')}</dt>
          <dd>{approval.request_reason}</dd>
        </>
      )}
      {approval.decided_by && (
        <>
          <dt>{t('approvals.decided_by')}</dt>
          <dd>
            {approval.decided_by.email}, {dateTime(approval.decided_at, locale)}
          </dd>
        </>
      )}
      {approval.reason && (
        <>
          <dt>{t('approvals.reason')}</dt>
          <dd>{approval.reason}</dd>
        </>
      )}
    </dl>
  )
}

/** One payment: its facts, its provider's state, its history, and the decision on a waiting one. */
export function PaymentPage() {
  const { t, locale } = useI18n()
  const { id } = useParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const [reason, setReason] = useState('')
  const payment = useQuery({
    queryKey: ['payments', 'payment', id],
    queryFn: () => api<PaymentDetail>('GET', `/api/admin/payments/${id}`),
  })
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      api<ApproveResult | { payment: AdminPayment }>(
        'POST',
        `/api/admin/payments/${id}/${decision}`,
        decision === 'reject' ? { reason } : reason.trim() ? { reason } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  })
  if (payment.error) return <ErrorNotice error={payment.error} />
  if (!payment.data) return <p className="muted">{t('table.loading')}</p>
  const p = payment.data
  const waiting = p.state === 'pending'
  const reasonError = fieldError(decide.error, 'reason')
  const result = decide.data && 'status' in decide.data ? decide.data : undefined
  return (
    <section className="page" aria-labelledby="payment-title">
      <p>
        <Link to="/payments">{t('payments.back')}</Link>
      </p>
      <h1 id="payment-title">
        {t(`payments.actions.${p.action}`)} {p.id}: {money(p.amount_cents, p.currency, locale)}
      </h1>
      <dl className="facts">
        <dt>{t('payments.state')}</dt>
        <dd>
          <PaymentState payment={p} />
        </dd>
        <dt>{t('payments.player')}</dt>
        <dd>
          {p.player.email} ({p.player.id})
        </dd>
        <dt>{t('payments.method')}</dt>
        <dd className="mono">{p.method_id}</dd>
        <dt>{t('payments.fee')}</dt>
        <dd>{money(p.fee_cents, p.currency, locale)}</dd>
        <dt>{t('payments.provider')}</dt>
        <dd>
          {p.provider} {p.provider_reference && <span className="mono">({p.provider_reference})</span>}
        </dd>
        {Object.entries(p.details).map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt className="mono">{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {p.cancellation_reason && (
          <>
            <dt>{t('payments.reason')}</dt>
            <dd>{p.cancellation_reason}</dd>
          </>
        )}
        <dt>{t('payments.created')}</dt>
        <dd>{dateTime(p.created_at, locale, true)}</dd>
        <dt>{t('payments.finished')}</dt>
        <dd>{dateTime(p.finished_at, locale, true)}</dd>
      </dl>
      {p.four_eyes && <p className="notice">{t('payments.four_eyes_explained')}</p>}
      {p.approval && (
        <>
          <h2>{t('approvals.request')}</h2>
          <ApprovalFacts approval={p.approval} />
        </>
      )}
      {waiting && p.action === 'withdrawal' && can('payments:approve') && (
        <div className="form">
          <h2>{t('payments.decision')}</h2>
          <ErrorNotice error={decide.error} />
          <label>
            {t('payments.decision_reason')}
            <textarea
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={!!reasonError || undefined}
              aria-describedby={reasonError ? 'reason-error' : undefined}
            />
          </label>
          <FieldError id="reason-error" message={reasonError} />
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={decide.isPending}
              onClick={() => decide.mutate('approve')}
            >
              {t('payments.approve')}
            </button>{' '}
            <button
              type="button"
              className="button button-danger"
              disabled={decide.isPending || !reason.trim()}
              onClick={() => decide.mutate('reject')}
            >
              {t('payments.reject')}
            </button>
          </div>
        </div>
      )}
      {result && (
        <p className="notice notice-success" role="status">
          {result.status === 'awaiting_second_approval'
            ? t('payments.awaiting_second')
            : t('payments.decided')}
        </p>
      )}
      <h2>{t('payments.history')}</h2>
      {p.history.length ? (
        <ol>
          {p.history.map((h, i) => (
            <li key={i}>
              {dateTime(h.at, locale, true)}: <span className="mono">{h.type}</span> (
              {t(`payments.states.${h.state}`)})
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('table.empty')}</p>
      )}
    </section>
  )
}
