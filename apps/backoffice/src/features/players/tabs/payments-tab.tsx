import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { CURRENCIES } from '@aurum/shared/currencies'
import type { playerPaymentsPage } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../../components/filters.tsx'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime, money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { listQuery } from '../../../lib/list.ts'
import { playerKey } from '../api.ts'
import { MorePager } from '../pager.tsx'

type PaymentsPage = z.infer<typeof playerPaymentsPage>
type Payment = PaymentsPage['data'][number]

const FILTERS = ['currency', 'type', 'from', 'to'] as const
const TYPES = ['deposit', 'cashout'] as const

/** The player's deposits and withdrawals, newest first, with their provider state. */
export function PaymentsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: [...playerKey(id), 'payments', query],
    queryFn: () => api<PaymentsPage>('GET', `/api/admin/players/${id}/payments${query}`),
  })
  const columns: Column<Payment>[] = [
    { key: 'id', header: t('players.id'), align: 'end', render: (p) => p.id },
    { key: 'at', header: t('players.at'), render: (p) => dateTime(p.created_at, locale, true) },
    {
      key: 'type',
      header: t('players.payments.type'),
      render: (p) =>
        p.action === 'deposit' || p.action === 'cashout' ? t(`players.payments.types.${p.action}`) : p.action,
    },
    {
      key: 'amount',
      header: t('players.amount'),
      align: 'end',
      render: (p) => money(p.amount, p.currency, locale),
    },
    {
      key: 'fee',
      header: t('players.payments.fee'),
      align: 'end',
      render: (p) => money(p.fee, p.currency, locale),
    },
    {
      key: 'provider',
      header: t('players.payments.provider'),
      render: (p) => (
        <>
          {p.provider} <span className="muted">({p.method_id})</span>
          {p.provider_reference && (
            <>
              <br />
              <span className="mono">{p.provider_reference}</span>
            </>
          )}
        </>
      ),
    },
    {
      key: 'state',
      header: t('players.payments.state'),
      render: (p) => (
        <>
          <span className="mono">{p.state}</span>
          {p.cancellation_reason && (
            <>
              <br />
              {p.cancellation_reason}
            </>
          )}
        </>
      ),
    },
    {
      key: 'finished',
      header: t('players.payments.finished'),
      render: (p) => dateTime(p.finished_at, locale, true),
    },
  ]
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">{t('players.tabs.payments')}</h2>
      <Filters>
        <FilterSelect
          name="currency"
          label={t('players.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
        <FilterSelect
          name="type"
          label={t('players.payments.type')}
          value={params.get('type')}
          options={TYPES.map((type) => ({ value: type, label: t(`players.payments.types.${type}`) }))}
        />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.tabs.payments')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(p) => p.id}
        loading={page.isFetching}
      />
      {page.data && <MorePager page={page.data.pagination.page} hasMore={page.data.pagination.has_more} />}
    </section>
  )
}
