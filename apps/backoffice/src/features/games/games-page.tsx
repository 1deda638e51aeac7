import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { GAME_BADGES, type AdminGame } from '@aurum/shared/contracts/admin-games'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { listQuery } from '../../lib/list.ts'
import { GamesTabs } from './games-tabs.tsx'

const FILTERS = ['provider', 'category', 'enabled', 'badge', 'country', 'q'] as const

interface GamesPage {
  data: AdminGame[]
  pagination: { page: number; per_page: number; total_count: number }
}

/** The games api's query: its sort direction is `direction`. */
function gamesQuery(params: URLSearchParams, withPage: boolean) {
  const { order, ...query } = listQuery(params, FILTERS)
  if (query.country) query.country = query.country.toUpperCase()
  if (!withPage) delete query.page
  return { ...query, direction: order }
}

/** The catalogue, disabled games included: filters, sort, pages, CSV. */
export function GamesPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString(gamesQuery(params, true))
  const list = useQuery({
    queryKey: ['games', 'list', query],
    queryFn: () => api<GamesPage>('GET', `/api/admin/games${query}`),
  })
  const csv = `/api/admin/games.csv${queryString(gamesQuery(params, false))}`
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
  // A release date is a day, not a moment: shown as the same day wherever the operator is.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const columns: Column<AdminGame>[] = [
    {
      key: 'position',
      header: t('games.position'),
      sort: 'position',
      align: 'end',
      render: (g) => g.position,
    },
    {
      key: 'title',
      header: t('games.game'),
      sort: 'title',
      render: (g) => <Link to={`/games/${g.id}`}>{g.title}</Link>,
    },
    {
      key: 'identifier',
      header: t('games.identifier'),
      sort: 'identifier',
      render: (g) => <span className="mono">{g.identifier}</span>,
    },
    { key: 'provider', header: t('games.provider'), sort: 'provider', render: (g) => g.provider },
    {
      key: 'enabled',
      header: t('games.enabled'),
      render: (g) => (g.enabled ? t('common.yes') : <strong>{t('common.no')}</strong>),
    },
    { key: 'categories', header: t('games.categories'), render: (g) => g.categories.join(', ') },
    {
      key: 'badges',
      header: t('games.badges'),
      render: (g) => g.badges.map((b) => t(`games.badge.${b}`)).join(', '),
    },
    {
      key: 'countries',
      header: t('games.countries'),
      render: (g) =>
        [
          g.allowed_countries.length ? t('games.only_in', { list: g.allowed_countries.join(' ') }) : '',
          g.blocked_countries.length ? t('games.blocked_in', { list: g.blocked_countries.join(' ') }) : '',
        ]
          .filter(Boolean)
          .join('; ') || t('games.everywhere'),
    },
    {
      key: 'rtp',
      header: t('games.rtp'),
      sort: 'rtp',
      align: 'end',
      render: (g) => percent.format(g.rtp),
    },
    {
      key: 'released',
      header: t('games.released'),
      sort: 'released_at',
      render: (g) => day.format(new Date(`${g.released_at}T00:00:00Z`)),
    },
  ]
  return (
    <section className="page" aria-labelledby="games-title">
      <div className="page-header">
        <h1 id="games-title">{t('games.title')}</h1>
      </div>
      <GamesTabs />
      <Filters csv={csv}>
        <FilterField name="q" label={t('games.search')} value={params.get('q')} />
        <FilterField name="provider" label={t('games.provider')} value={params.get('provider')} />
        <FilterField name="category" label={t('games.category')} value={params.get('category')} />
        <FilterSelect
          name="enabled"
          label={t('games.enabled')}
          value={params.get('enabled')}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
        <FilterSelect
          name="badge"
          label={t('games.badge_filter')}
          value={params.get('badge')}
          options={GAME_BADGES.map((b) => ({ value: b, label: t(`games.badge.${b}`) }))}
        />
        <FilterField
          name="country"
          label={t('games.country')}
          value={params.get('country')}
          placeholder="DE"
        />
      </Filters>
      <ErrorNotice error={list.error} />
      <DataTable
        caption={t('games.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(g) => String(g.id)}
        loading={list.isFetching}
      />
      {list.data && (
        <PagePager
          page={list.data.pagination.page}
          totalPages={Math.ceil(list.data.pagination.total_count / list.data.pagination.per_page)}
        />
      )}
    </section>
  )
}
