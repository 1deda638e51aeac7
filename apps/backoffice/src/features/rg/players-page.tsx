import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { RG_KINDS, RG_STATES, type RgPlayerRow, type RgPlayersPage } from '@aurum/shared/contracts/admin-rg'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly, listQuery } from '../../lib/list.ts'
import { limitKeys } from './labels.ts'
import { RgTabs } from './rg-tabs.tsx'
import styles from './rg.module.css'

const FILTERS = ['kind', 'state', 'q', 'ended_days', 'include_test'] as const

/**
 * Players with a limit, a cooling-off or self-exclusion (in force, waiting for a loosening, or
 * ended lately) or a reality-check interval of their own.
 */
export function RgPlayersPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: ['rg', 'players', query],
    queryFn: () => api<RgPlayersPage>('GET', `/api/admin/rg/players${query}`),
  })
  const csv = `/api/admin/rg/players.csv${queryString(filtersOnly(params, FILTERS))}`
  const columns: Column<RgPlayerRow>[] = [
    {
      key: 'id',
      header: t('players.id'),
      sort: 'id',
      render: (p) => <Link to={`/rg/players/${p.id}`}>{p.id}</Link>,
    },
    { key: 'email', header: t('fields.email'), sort: 'email', render: (p) => p.email },
    {
      key: 'limits',
      header: t('rg.players.limits'),
      render: (p) =>
        p.limits.length === 0 ? (
          '–'
        ) : (
          <ul className={styles.list}>
            {p.limits.map((l) => {
              const keys = limitKeys(l)
              return (
                <li key={l.id}>
                  {t(keys.type)} ({t(keys.period)}): {t(`rg.states.${l.state}`)}
                </li>
              )
            })}
          </ul>
        ),
    },
    {
      key: 'reality_check',
      header: t('rg.reality_check'),
      align: 'end',
      render: (p) =>
        p.reality_check_minutes === null ? '–' : t('rg.minutes', { minutes: p.reality_check_minutes }),
    },
    {
      key: 'latest_change',
      header: t('rg.players.latest_change'),
      sort: 'latest_change',
      render: (p) => dateTime(p.latest_change, locale),
    },
  ]
  return (
    <section className="page" aria-labelledby="rg-title">
      <div className="page-header">
        <h1 id="rg-title">{t('rg.title')}</h1>
      </div>
      <RgTabs />
      <h2>{t('rg.tabs.players')}</h2>
      <Filters csv={csv}>
        <FilterSelect
          name="kind"
          label={t('rg.filters.kind')}
          value={params.get('kind')}
          options={RG_KINDS.map((k) => ({ value: k, label: t(`rg.kinds.${k}`) }))}
        />
        <FilterSelect
          name="state"
          label={t('rg.filters.state')}
          value={params.get('state')}
          options={RG_STATES.map((s) => ({ value: s, label: t(`rg.states.${s}`) }))}
        />
        <FilterField name="q" label={t('rg.filters.search')} value={params.get('q')} />
        <FilterField
          name="ended_days"
          type="number"
          label={t('rg.filters.ended_days')}
          value={params.get('ended_days')}
          placeholder="30"
        />
        <FilterSelect
          name="include_test"
          label={t('rg.filters.include_test')}
          value={params.get('include_test')}
          options={[
            { value: 'true', label: t('rg.filters.yes') },
            { value: 'false', label: t('rg.filters.no') },
          ]}
        />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('rg.tabs.players')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(p) => p.id}
        loading={page.isFetching}
        empty={t('rg.players.none')}
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
