import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { CURRENCIES } from '@aurum/shared/currencies'
import { PLAYER_STATUSES, type PlayerRow, type playersPage } from '@aurum/shared/contracts/admin-players'
import type { z } from 'zod'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly } from '../../lib/list.ts'
import { playerName } from './api.ts'
import { MorePager } from './pager.tsx'

type PlayersPage = z.infer<typeof playersPage>

const FILTERS = ['q', 'country', 'currency', 'status', 'verified', 'from', 'to'] as const

/** The address's filters and sort as the players api reads them (`dir`, a country in capitals). */
function playersApiQuery(params: URLSearchParams, paged: boolean): Record<string, string | undefined> {
  const filters = filtersOnly(params, FILTERS)
  const sort = params.get('sort')
  return {
    ...filters,
    country: filters.country?.toUpperCase(),
    sort: sort ? sort.replace(/^-/, '') : undefined,
    dir: sort ? (sort.startsWith('-') ? 'desc' : 'asc') : undefined,
    page: paged ? params.get('page') || undefined : undefined,
  }
}

/** Support's search: any key a player can be found by, with filters, sorting and paging. */
export function PlayersPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString(playersApiQuery(params, true))
  const page = useQuery({
    queryKey: ['players', 'search', query],
    queryFn: () => api<PlayersPage>('GET', `/api/admin/players${query}`),
  })
  const csv = `/api/admin/players.csv${queryString(playersApiQuery(params, false))}`
  const columns: Column<PlayerRow>[] = [
    {
      key: 'id',
      header: t('players.id'),
      sort: 'id',
      align: 'end',
      render: (p) => <Link to={`/players/${p.id}`}>{p.id}</Link>,
    },
    {
      key: 'email',
      header: t('fields.email'),
      sort: 'email',
      render: (p) => <Link to={`/players/${p.id}`}>{p.email}</Link>,
    },
    { key: 'name', header: t('fields.name'), render: (p) => playerName(p) ?? '–' },
    { key: 'phone', header: t('players.phone'), render: (p) => p.mobile_phone ?? '–' },
    { key: 'country', header: t('players.country'), sort: 'country', render: (p) => p.country ?? '–' },
    { key: 'currency', header: t('players.currency'), render: (p) => p.currency },
    {
      key: 'status',
      header: t('players.status'),
      render: (p) =>
        [
          p.blocked ? t('players.statuses.blocked') : null,
          p.test_account ? t('players.statuses.test') : null,
          p.verified ? t('players.verified') : null,
        ]
          .filter(Boolean)
          .join(', ') || t('players.statuses.active'),
    },
    {
      key: 'created',
      header: t('players.registered'),
      sort: 'created_at',
      render: (p) => dateTime(p.created_at, locale),
    },
    {
      key: 'last',
      header: t('players.last_sign_in'),
      sort: 'last_sign_in_at',
      render: (p) => dateTime(p.last_sign_in_at, locale),
    },
  ]
  return (
    <section className="page" aria-labelledby="players-title">
      <div className="page-header">
        <h1 id="players-title">{t('players.title')}</h1>
      </div>
      <Filters csv={csv}>
        <FilterField
          name="q"
          label={t('players.search')}
          value={params.get('q')}
          placeholder={t('players.search_hint')}
        />
        <FilterField
          name="country"
          label={t('players.country')}
          value={params.get('country')}
          placeholder="CA"
        />
        <FilterSelect
          name="currency"
          label={t('players.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
        <FilterSelect
          name="status"
          label={t('players.status')}
          value={params.get('status')}
          options={PLAYER_STATUSES.map((s) => ({ value: s, label: t(`players.statuses.${s}`) }))}
        />
        <FilterSelect
          name="verified"
          label={t('players.verified')}
          value={params.get('verified')}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
        <FilterField
          name="from"
          type="date"
          label={t('players.registered_from')}
          value={params.get('from')}
        />
        <FilterField name="to" type="date" label={t('players.registered_to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.title')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(p) => p.id}
        loading={page.isFetching}
        empty={t('players.none')}
      />
      {page.data && <MorePager page={page.data.pagination.page} hasMore={page.data.pagination.has_more} />}
    </section>
  )
}
