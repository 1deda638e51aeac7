import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { type RgMarkerRow, type RgMarkersPage } from '@aurum/shared/contracts/admin-rg'
import { RG_MARKERS } from '@aurum/shared/rg-markers'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly, listQuery } from '../../lib/list.ts'
import {
  DepositFigures,
  FiredMarkers,
  NightFigures,
  ReversedFigures,
  SessionFigures,
  Thresholds,
} from './markers.tsx'
import { RgTabs } from './rg-tabs.tsx'

const FILTERS = ['marker', 'q', 'to', 'days', 'baseline_days'] as const

/** The markers of harm: players whose play changed sharply in the window against their own baseline. */
export function RgMarkersPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: ['rg', 'markers', query],
    queryFn: () => api<RgMarkersPage>('GET', `/api/admin/rg/markers${query}`),
  })
  const csv = `/api/admin/rg/markers.csv${queryString(filtersOnly(params, FILTERS))}`
  const columns: Column<RgMarkerRow>[] = [
    {
      key: 'player',
      header: t('rg.markers.player'),
      sort: 'player',
      render: (r) => <Link to={`/rg/players/${r.player.id}`}>{r.player.email}</Link>,
    },
    {
      key: 'fired',
      header: t('rg.markers.fired'),
      sort: 'markers',
      render: (r) => <FiredMarkers fired={r.fired} />,
    },
    {
      key: 'deposits',
      header: t('rg.marker_names.deposits'),
      sort: 'deposits',
      render: (r) => <DepositFigures m={r} />,
    },
    {
      key: 'session',
      header: t('rg.marker_names.session'),
      sort: 'longest_session',
      render: (r) => <SessionFigures m={r} />,
    },
    {
      key: 'night',
      header: t('rg.marker_names.night_play'),
      sort: 'night_share',
      render: (r) => <NightFigures m={r} />,
    },
    {
      key: 'reversed',
      header: t('rg.marker_names.reversed_withdrawals'),
      sort: 'reversed_withdrawals',
      align: 'end',
      render: (r) => <ReversedFigures m={r} />,
    },
  ]
  return (
    <section className="page" aria-labelledby="rg-title">
      <div className="page-header">
        <h1 id="rg-title">{t('rg.title')}</h1>
      </div>
      <RgTabs />
      <h2>{t('rg.tabs.markers')}</h2>
      {page.data && (
        <p className="muted">
          {t('rg.markers.window', {
            from: dateTime(page.data.window.start, locale),
            to: dateTime(page.data.window.end, locale),
            baseline_from: dateTime(page.data.baseline.start, locale),
          })}
        </p>
      )}
      <Thresholds />
      <Filters csv={csv}>
        <FilterSelect
          name="marker"
          label={t('rg.markers.marker')}
          value={params.get('marker')}
          options={RG_MARKERS.map((m) => ({ value: m, label: t(`rg.marker_names.${m}`) }))}
        />
        <FilterField name="q" label={t('rg.filters.search')} value={params.get('q')} />
        <FilterField name="to" type="date" label={t('rg.markers.to')} value={params.get('to')} />
        <FilterField
          name="days"
          type="number"
          label={t('rg.markers.days')}
          value={params.get('days')}
          placeholder="7"
        />
        <FilterField
          name="baseline_days"
          type="number"
          label={t('rg.markers.baseline_days')}
          value={params.get('baseline_days')}
          placeholder="30"
        />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('rg.tabs.markers')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(r) => r.player.id}
        loading={page.isFetching}
        empty={t('rg.markers.none')}
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
