import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { APPROVAL_KINDS, APPROVAL_STATES, type ApprovalRequest } from '@aurum/shared/contracts/admin-payments'
import { grants } from '@aurum/shared/contracts/admin'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterSelect, Filters } from '../../components/filters.tsx'
import { useMe } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { dateTime, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { PaymentsTabs } from './payments-tabs.tsx'

interface ApprovalsPage {
  data: ApprovalRequest[]
  pagination: { page: number; per_page: number; total_count: number }
}

/** Where a request's subject is shown. */
function subjectLink(a: ApprovalRequest): string | null {
  if (a.kind === 'withdrawal') return `/payments/${a.target_id}`
  if (a.player_id) return `/players/${a.player_id}`
  return null
}

/**
 * The four-eyes inbox: money actions above their threshold, waiting for a second member. The member
 * who asked cannot decide (the api refuses it too); a rejection needs a reason.
 */
export function ApprovalsPage() {
  const { t, locale } = useI18n()
  const me = useMe()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const [reasons, setReasons] = useState<Record<string, string>>({})
  const state = params.get('state') ?? 'pending'
  const query = queryString({
    state: state === 'any' ? undefined : state,
    kind: params.get('kind'),
    page: params.get('page'),
  })
  const page = useQuery({
    queryKey: ['approvals', query],
    queryFn: () => api<ApprovalsPage>('GET', `/api/admin/approvals${query}`),
  })
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api<unknown>(
        'POST',
        `/api/admin/approvals/${id}/${decision}`,
        decision === 'reject' ? { reason: reasons[id] ?? '' } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  })
  const mayDecide = (a: ApprovalRequest) =>
    a.state === 'pending' &&
    a.requested_by.id !== String(me.id) &&
    grants(me.permissions, a.kind === 'withdrawal' ? 'payments:approve' : 'players:approve')
  const columns: Column<ApprovalRequest>[] = [
    { key: 'created', header: t('approvals.created'), render: (a) => dateTime(a.created_at, locale) },
    {
      key: 'kind',
      header: t('approvals.kind'),
      render: (a) => {
        const link = subjectLink(a)
        const label = `${t(`approvals.kinds.${a.kind}`)} ${a.target_id}`
        return link ? <Link to={link}>{label}</Link> : label
      },
    },
    { key: 'player', header: t('payments.player'), render: (a) => a.player_id ?? '–' },
    {
      key: 'amount',
      header: t('payments.amount'),
      align: 'end',
      render: (a) => money(a.amount_cents, a.currency, locale),
    },
    {
      key: 'requested',
      header: t('approvals.requested_by'),
      render: (a) => (
        <>
          {a.requested_by.email}
          {a.request_reason && <div className="muted">{a.request_reason}</div>}
        </>
      ),
    },
    {
      key: 'state',
      header: t('approvals.state'),
      render: (a) =>
        mayDecide(a) ? (
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: a.id, decision: 'approve' })}
            >
              {t('approvals.approve')}
            </button>
            <label>
              <span className="visually-hidden">{t('approvals.reject_reason', { id: a.id })}</span>
              <input
                value={reasons[a.id] ?? ''}
                placeholder={t('approvals.reason_placeholder')}
                onChange={(e) => setReasons({ ...reasons, [a.id]: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="button button-danger"
              disabled={decide.isPending || !(reasons[a.id] ?? '').trim()}
              onClick={() => decide.mutate({ id: a.id, decision: 'reject' })}
            >
              {t('approvals.reject')}
            </button>
          </div>
        ) : (
          <>
            {t(`approvals.states.${a.state}`)}
            {a.decided_by && <div className="muted">{a.decided_by.email}</div>}
            {a.state === 'pending' && a.requested_by.id === String(me.id) && (
              <div className="muted">{t('approvals.yours')}</div>
            )}
          </>
        ),
    },
  ]
  return (
    <section className="page" aria-labelledby="approvals-title">
      <div className="page-header">
        <h1 id="approvals-title">{t('payments.title')}</h1>
      </div>
      <PaymentsTabs />
      <p className="muted">{t('approvals.explained')}</p>
      <Filters>
        <label>
          {t('approvals.state')}
          <select name="state" defaultValue={state}>
            <option value="any">{t('filters.any')}</option>
            {APPROVAL_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`approvals.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect
          name="kind"
          label={t('approvals.kind')}
          value={params.get('kind')}
          options={APPROVAL_KINDS.map((k) => ({ value: k, label: t(`approvals.kinds.${k}`) }))}
        />
      </Filters>
      <ErrorNotice error={page.error ?? decide.error} />
      {decide.isSuccess && (
        <p className="notice notice-success" role="status">
          {t('approvals.decided')}
        </p>
      )}
      <DataTable
        caption={t('payments.tabs.approvals')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(a) => a.id}
        loading={page.isFetching}
        empty={t('approvals.none')}
      />
      {page.data && (
        <PagePager
          page={page.data.pagination.page}
          totalPages={Math.ceil(page.data.pagination.total_count / page.data.pagination.per_page)}
        />
      )}
    </section>
  )
}
