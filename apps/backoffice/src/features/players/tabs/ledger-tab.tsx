import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { CURRENCIES } from '@aurum/shared/currencies'
import { LEDGER_KINDS, type playerLedgerPage } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../../components/filters.tsx'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime, money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { listQuery } from '../../../lib/list.ts'
import { playerKey } from '../api.ts'
import { MorePager } from '../pager.tsx'

type LedgerPage = z.infer<typeof playerLedgerPage>
type Entry = LedgerPage['data'][number]

const FILTERS = ['currency', 'kind', 'from', 'to'] as const

/** The entries of the player's own accounts, newest first, with their transaction's kind. */
export function LedgerTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: [...playerKey(id), 'ledger', query],
    queryFn: () => api<LedgerPage>('GET', `/api/admin/players/${id}/ledger${query}`),
  })
  const columns: Column<Entry>[] = [
    { key: 'id', header: t('players.id'), align: 'end', render: (e) => e.id },
    { key: 'at', header: t('players.at'), render: (e) => dateTime(e.created_at, locale, true) },
    { key: 'kind', header: t('players.ledger.kind'), render: (e) => t(`players.ledger.kinds.${e.kind}`) },
    { key: 'account', header: t('players.ledger.account'), render: (e) => t(`players.wallets.${e.account}`) },
    {
      key: 'amount',
      header: t('players.amount'),
      align: 'end',
      render: (e) => money(e.amount, e.currency, locale),
    },
    {
      key: 'balance',
      header: t('players.ledger.balance_after'),
      align: 'end',
      render: (e) => money(e.balance_after, e.currency, locale),
    },
    {
      key: 'transaction',
      header: t('players.ledger.transaction'),
      align: 'end',
      render: (e) => e.transaction_id,
    },
    {
      key: 'metadata',
      header: t('players.ledger.details'),
      render: (e) =>
        e.metadata === null || e.metadata === undefined ? (
          '–'
        ) : (
          <details>
            <summary>{t('players.show')}</summary>
            <pre className="mono">{JSON.stringify(e.metadata, null, 1)}</pre>
          </details>
        ),
    },
  ]
  return (
    <section aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('players.tabs.ledger')}</h2>
      <Filters>
        <FilterSelect
          name="currency"
          label={t('players.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
        <FilterSelect
          name="kind"
          label={t('players.ledger.kind')}
          value={params.get('kind')}
          options={LEDGER_KINDS.map((k) => ({ value: k, label: t(`players.ledger.kinds.${k}`) }))}
        />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.tabs.ledger')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(e) => e.id}
        loading={page.isFetching}
      />
      {page.data && <MorePager page={page.data.pagination.page} hasMore={page.data.pagination.has_more} />}
    </section>
  )
}
