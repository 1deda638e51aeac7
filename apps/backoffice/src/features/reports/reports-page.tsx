import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { CURRENCIES } from '@aurum/shared/currencies'
import {
  GGR_GROUPS,
  PLAYER_EXPORT_FORMAT,
  type GgrGroup,
  type GgrPage,
  type GgrRow,
} from '@aurum/shared/contracts/admin-reports'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { day, integer, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { listQuery } from '../../lib/list.ts'
import { PeriodFields } from '../dashboard/period.tsx'
import styles from './reports.module.css'

const FILTERS = ['group', 'from', 'to', 'currency'] as const

/** The sections of the regulator export, in the document's order. */
const EXPORT_SECTIONS = [
  'player',
  'accounts',
  'limits',
  'sessions',
  'game_sessions',
  'rounds',
  'ledger_entries',
  'payments',
  'history',
] as const

/** Players' ids as the api takes them. */
const PLAYER_ID = /^[1-9]\d{0,18}$/

/**
 * The reports: GGR and NGR by game, studio, country or day over a period, with totals per currency
 * and a CSV of every row; and the regulator export of one player's whole history.
 */
export function ReportsPage() {
  const { t } = useI18n()
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page-header">
        <h1 id="reports-title">{t('reports.title')}</h1>
      </div>
      <GgrReport />
      <PlayerExport />
    </section>
  )
}

function GgrReport() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const group = (GGR_GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as GgrGroup)
    : 'game'
  const effective = new URLSearchParams(params)
  effective.set('group', group)
  const api_query = listQuery(effective, FILTERS)
  const query = queryString(api_query)
  const report = useQuery({
    queryKey: ['reports', 'ggr', query],
    queryFn: () => api<GgrPage>('GET', `/api/admin/reports/ggr${query}`),
  })
  const csv = `/api/admin/reports/ggr.csv${queryString({ ...api_query, page: undefined })}`
  const key = (r: GgrRow) => {
    if (!r.key) return ''
    switch (group) {
      case 'day':
        return day(r.key, locale)
      case 'country':
        return r.key === '--' ? t('reports.unknown_country') : r.key
      case 'game':
        return (
          <>
            {r.title ?? r.key} <span className="mono muted">{r.key}</span>
          </>
        )
      default:
        return r.title ?? r.key
    }
  }
  const columns: Column<GgrRow>[] = [
    { key: 'key', header: t(`reports.groups.${group}`), sort: 'key', render: key },
    { key: 'currency', header: t('reports.currency'), render: (r) => r.currency },
    {
      key: 'bets',
      header: t('dashboard.kpi.bets'),
      sort: 'bets',
      align: 'end',
      render: (r) => money(r.bets_cents, r.currency, locale),
    },
    {
      key: 'wins',
      header: t('dashboard.kpi.wins'),
      sort: 'wins',
      align: 'end',
      render: (r) => money(r.wins_cents, r.currency, locale),
    },
    {
      key: 'ggr',
      header: t('dashboard.kpi.ggr'),
      sort: 'ggr',
      align: 'end',
      render: (r) => money(r.ggr_cents, r.currency, locale),
    },
    {
      key: 'bonus',
      header: t('reports.bonus_cost'),
      align: 'end',
      render: (r) => money(r.bonus_cost_cents, r.currency, locale),
    },
    {
      key: 'ngr',
      header: t('dashboard.kpi.ngr'),
      align: 'end',
      render: (r) => money(r.ngr_cents, r.currency, locale),
    },
    {
      key: 'rounds',
      header: t('reports.rounds'),
      sort: 'rounds',
      align: 'end',
      render: (r) => integer(r.rounds, locale),
    },
    {
      key: 'players',
      header: t('reports.players'),
      sort: 'players',
      align: 'end',
      render: (r) => integer(r.players, locale),
    },
  ]
  const data = report.data
  const foot = data?.totals.length
    ? data.totals.map((total) => (
        <tr key={total.currency}>
          <th scope="row">{t('reports.total')}</th>
          {columns.slice(1).map((c) => (
            <td key={c.key} data-align={c.align}>
              {c.render({ ...total, key: '', title: null })}
            </td>
          ))}
        </tr>
      ))
    : undefined
  return (
    <section aria-labelledby="ggr-title">
      <h2 id="ggr-title">{t('reports.ggr.title')}</h2>
      <p className="muted">{t('reports.ggr.intro')}</p>
      <Filters csv={csv}>
        <label>
          {t('reports.group')}
          <select name="group" defaultValue={group}>
            {GGR_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`reports.groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <PeriodFields error={report.error} />
        <FilterSelect
          name="currency"
          label={t('reports.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
      </Filters>
      <FieldError id="currency-error" message={fieldError(report.error, 'currency')} />
      <ErrorNotice error={report.error} />
      <DataTable
        caption={t('reports.ggr.caption', { group: t(`reports.groups.${group}`) })}
        columns={columns}
        rows={data?.data ?? (report.error ? [] : undefined)}
        rowKey={(r) => `${r.key}-${r.currency}`}
        loading={report.isFetching}
        empty={t('reports.ggr.empty')}
        foot={foot}
      />
      {data && (
        <PagePager
          page={data.pagination.page}
          totalPages={Math.ceil(data.pagination.total / data.pagination.per_page)}
        />
      )}
    </section>
  )
}

/** The regulator export: one player's whole history as a JSON file, recorded in the audit log. */
function PlayerExport() {
  const { t } = useI18n()
  const [id, setId] = useState('')
  const trimmed = id.trim()
  const valid = PLAYER_ID.test(trimmed)
  const invalid = trimmed !== '' && !valid
  return (
    <section aria-labelledby="export-title" className={styles.export}>
      <h2 id="export-title">{t('reports.export.title')}</h2>
      <p>{t('reports.export.intro', { format: PLAYER_EXPORT_FORMAT })}</p>
      <ul>
        {EXPORT_SECTIONS.map((s) => (
          <li key={s}>{t(`reports.export.sections.${s}`)}</li>
        ))}
      </ul>
      <p className="muted">{t('reports.export.notes')}</p>
      <p className="notice">{t('reports.export.audited')}</p>
      <div className={styles.exportForm}>
        <label>
          {t('reports.export.player_id')}
          <input
            value={id}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => setId(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'export-id-error' : undefined}
          />
        </label>
        {valid && (
          <a className="button button-primary" href={`/api/admin/reports/players/${trimmed}/export`} download>
            {t('reports.export.download', { id: trimmed })}
          </a>
        )}
      </div>
      <FieldError id="export-id-error" message={invalid ? t('reports.export.invalid_id') : undefined} />
      <p className="muted">{t('reports.export.unknown')}</p>
    </section>
  )
}
