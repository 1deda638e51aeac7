import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { PAYMENT_STATES } from '@aurum/shared/contracts/payments'
import type { AdminPayment } from '@aurum/shared/contracts/admin-payments'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly } from '../../lib/list.ts'
import { PaymentsTabs } from './payments-tabs.tsx'

interface PaymentsPage {
  data: AdminPayment[]
  pagination: { page: number; per_page: number; total_count: number }
}

const FILTERS = [
  'action',
  'state',
  'currency',
  'player_id',
  'amount_min',
  'amount_max',
  'from',
  'to',
] as const

/** A payment's state as the operator reads it, in a colour where it asks for action. */
export function PaymentState({ payment }: { payment: Pick<AdminPayment, 'state'> }) {
  const { t } = useI18n()
  const attention = payment.state === 'pending' || payment.state === 'processing'
  return <span className={attention ? 'attention' : undefined}>{t(`payments.states.${payment.state}`)}</span>
}

/**
 * Every deposit and withdrawal, newest first; the queue of withdrawals waiting for a decision is
 * one filter away (the default view of the tab's link from the dashboard).
 */
export function PaymentsPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const filters = filtersOnly(params, FILTERS)
  const query = queryString({ ...filters, sort: params.get('sort'), page: params.get('page') })
  const page = useQuery({
    queryKey: ['payments', query],
    queryFn: () => api<PaymentsPage>('GET', `/api/admin/payments${query}`),
  })
  const csv = `/api/admin/payments.csv${queryString({ ...filters, sort: params.get('sort') })}`
  const columns: Column<AdminPayment>[] = [
    {
      key: 'id',
      header: t('payments.id'),
      align: 'end',
      render: (p) => <Link to={`/payments/${p.id}`}>{p.id}</Link>,
    },
    {
      key: 'created',
      header: t('payments.created'),
      sort: 'created_at',
      render: (p) => dateTime(p.created_at, locale),
    },
    { key: 'player', header: t('payments.player'), render: (p) => `${p.player.email} (${p.player.id})` },
    { key: 'action', header: t('payments.action'), render: (p) => t(`payments.actions.${p.action}`) },
    {
      key: 'method',
      header: t('payments.method'),
      render: (p) => <span className="mono">{p.method_id}</span>,
    },
    {
      key: 'amount',
      header: t('payments.amount'),
      sort: 'amount',
      align: 'end',
      render: (p) => money(p.amount_cents, p.currency, locale),
    },
    {
      key: 'state',
      header: t('payments.state'),
      render: (p) => (
        <>
          <PaymentState payment={p} />
          {p.four_eyes && <span className="muted"> · {t('payments.four_eyes')}</span>}
        </>
      ),
    },
  ]
  return (
    <section className="page" aria-labelledby="payments-title">
      <div className="page-header">
        <h1 id="payments-title">{t('payments.title')}</h1>
        <Link className="button" to="/payments?action=withdrawal&state=pending&sort=created_at">
          {t('payments.queue')}
        </Link>
      </div>
      <PaymentsTabs />
      <Filters csv={csv}>
        <FilterSelect
          name="action"
          label={t('payments.action')}
          value={params.get('action')}
          options={(['deposit', 'withdrawal'] as const).map((a) => ({
            value: a,
            label: t(`payments.actions.${a}`),
          }))}
        />
        <FilterSelect
          name="state"
          label={t('payments.state')}
          value={params.get('state')}
          options={PAYMENT_STATES.map((s) => ({ value: s, label: t(`payments.states.${s}`) }))}
        />
        <FilterField
          name="currency"
          label={t('payments.currency')}
          value={params.get('currency')}
          placeholder="EUR"
        />
        <FilterField name="player_id" label={t('verification.player_id')} value={params.get('player_id')} />
        <FilterField name="amount_min" label={t('payments.amount_min')} value={params.get('amount_min')} />
        <FilterField name="amount_max" label={t('payments.amount_max')} value={params.get('amount_max')} />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('payments.title')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(p) => p.id}
        loading={page.isFetching}
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
