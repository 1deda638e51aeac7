import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { CURRENCIES } from '@aurum/shared/currencies'
import type { Dashboard, DashboardDay, DashboardTotals } from '@aurum/shared/contracts/admin-reports'
import { BarChart, LineChart } from '../../components/charts.tsx'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { FilterSelect, Filters } from '../../components/filters.tsx'
import { useCan } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { day, integer, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly } from '../../lib/list.ts'
import { PeriodFields, periodDays } from './period.tsx'
import styles from './dashboard.module.css'

const FILTERS = ['from', 'to', 'currency'] as const

/** A day of one currency with nothing in it (the api leaves such days out). */
function emptyDay(date: string, currency: string): DashboardDay {
  const none = { count: 0, sum_cents: 0 }
  return {
    day: date,
    currency,
    deposits: none,
    withdrawals: none,
    bets_cents: 0,
    wins_cents: 0,
    rounds: 0,
    ggr_cents: 0,
    bonus_cost_cents: 0,
    ngr_cents: 0,
    active_players: 0,
    new_players: 0,
    first_deposits: none,
  }
}

/**
 * The dashboard: what the casino took in a period (UTC days, the last 30 by default) per currency,
 * as figures, charts and a day-by-day table, and the queues waiting for an operator now.
 */
export function DashboardPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const can = useCan()
  const query = queryString(filtersOnly(params, FILTERS))
  const dashboard = useQuery({
    queryKey: ['dashboard', query],
    queryFn: () => api<Dashboard>('GET', `/api/admin/dashboard${query}`),
  })
  const data = dashboard.data
  const days = data ? periodDays(data.from, data.to) : []
  const dayColumns: Column<DashboardDay>[] = [
    { key: 'day', header: t('dashboard.day'), render: (d) => day(d.day, locale) },
    { key: 'currency', header: t('reports.currency'), render: (d) => d.currency },
    {
      key: 'deposits',
      header: t('dashboard.kpi.deposits'),
      align: 'end',
      render: (d) =>
        `${money(d.deposits.sum_cents, d.currency, locale)} (${integer(d.deposits.count, locale)})`,
    },
    {
      key: 'withdrawals',
      header: t('dashboard.kpi.withdrawals'),
      align: 'end',
      render: (d) =>
        `${money(d.withdrawals.sum_cents, d.currency, locale)} (${integer(d.withdrawals.count, locale)})`,
    },
    {
      key: 'bets',
      header: t('dashboard.kpi.bets'),
      align: 'end',
      render: (d) => money(d.bets_cents, d.currency, locale),
    },
    {
      key: 'wins',
      header: t('dashboard.kpi.wins'),
      align: 'end',
      render: (d) => money(d.wins_cents, d.currency, locale),
    },
    {
      key: 'ggr',
      header: t('dashboard.kpi.ggr'),
      align: 'end',
      render: (d) => money(d.ggr_cents, d.currency, locale),
    },
    {
      key: 'ngr',
      header: t('dashboard.kpi.ngr'),
      align: 'end',
      render: (d) => money(d.ngr_cents, d.currency, locale),
    },
    {
      key: 'rounds',
      header: t('dashboard.kpi.rounds'),
      align: 'end',
      render: (d) => integer(d.rounds, locale),
    },
    {
      key: 'active',
      header: t('dashboard.kpi.active_players'),
      align: 'end',
      render: (d) => integer(d.active_players, locale),
    },
    {
      key: 'new',
      header: t('dashboard.kpi.new_players'),
      align: 'end',
      render: (d) => integer(d.new_players, locale),
    },
    {
      key: 'first',
      header: t('dashboard.kpi.first_deposits'),
      align: 'end',
      render: (d) =>
        `${money(d.first_deposits.sum_cents, d.currency, locale)} (${integer(d.first_deposits.count, locale)})`,
    },
  ]
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <div className="page-header">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      </div>
      <Filters>
        <PeriodFields error={dashboard.error} />
        <FilterSelect
          name="currency"
          label={t('reports.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
      </Filters>
      <FieldError id="currency-error" message={fieldError(dashboard.error, 'currency')} />
      <ErrorNotice error={dashboard.error} />
      {!data && !dashboard.error && <p className="muted">{t('table.loading')}</p>}
      {data && (
        <>
          <p className="muted">
            {data.currency
              ? t('dashboard.period_one', {
                  from: day(data.from, locale),
                  to: day(data.to, locale),
                  currency: data.currency,
                })
              : t('dashboard.period_all', { from: day(data.from, locale), to: day(data.to, locale) })}
          </p>
          <h2>{t('dashboard.queues.title')}</h2>
          <p className="muted">{t('dashboard.queues.intro')}</p>
          <ul className={styles.queues}>
            <li className="card">
              <h3>{t('dashboard.queues.withdrawals')}</h3>
              <QueueFigures rows={data.queues.withdrawals_pending} />
              {can('payments:view') && (
                <Link to="/payments?action=withdrawal&state=pending&sort=created_at">
                  {t('dashboard.queues.open_withdrawals')}
                </Link>
              )}
            </li>
            <li className="card">
              <h3>{t('dashboard.queues.documents')}</h3>
              <p className={styles.figure}>{integer(data.queues.documents_waiting, locale)}</p>
              {can('verification:view') && (
                <Link to="/verification">{t('dashboard.queues.open_verification')}</Link>
              )}
            </li>
            <li className="card">
              <h3>{t('dashboard.queues.in_flight')}</h3>
              <QueueFigures rows={data.queues.payments_in_flight} />
              <p className="muted">{t('dashboard.queues.in_flight_note')}</p>
              {can('payments:view') && <Link to="/payments/stuck">{t('dashboard.queues.open_stuck')}</Link>}
            </li>
          </ul>
          {data.totals.length === 0 ? (
            <p className="notice">{t('dashboard.nothing')}</p>
          ) : (
            data.totals.map((totals) => (
              <CurrencySection
                key={totals.currency}
                totals={totals}
                days={days.map(
                  (d) =>
                    data.days.find((x) => x.day === d && x.currency === totals.currency) ??
                    emptyDay(d, totals.currency),
                )}
              />
            ))
          )}
          {data.days.length > 0 && (
            <>
              <h2>{t('dashboard.by_day')}</h2>
              <div className={styles.nowrap}>
                <DataTable
                  caption={t('dashboard.by_day')}
                  columns={dayColumns}
                  rows={[...data.days].reverse()}
                  rowKey={(d) => `${d.day}-${d.currency}`}
                  loading={dashboard.isFetching}
                />
              </div>
            </>
          )}
        </>
      )}
    </section>
  )
}

/** A queue's count and sum per currency, or that it is empty. */
function QueueFigures({ rows }: { rows: Dashboard['queues']['withdrawals_pending'] }) {
  const { t, locale } = useI18n()
  if (rows.length === 0) return <p className={styles.figure}>{integer(0, locale)}</p>
  return (
    <ul className={styles.queueRows}>
      {rows.map((r) => (
        <li key={r.currency}>
          <span className={styles.figure}>{integer(r.count, locale)}</span>{' '}
          {t('dashboard.queues.worth', { amount: money(r.sum_cents, r.currency, locale) })}
        </li>
      ))}
    </ul>
  )
}

/** One currency's totals as cards, its charts and the charts' figures as a table. */
function CurrencySection({ totals, days }: { totals: DashboardTotals; days: DashboardDay[] }) {
  const { t, locale } = useI18n()
  const c = totals.currency
  const m = (cents: number) => money(cents, c, locale)
  const count = (n: number) => t('dashboard.kpi.count', { count: integer(n, locale) })
  const labels = days.map((d) => day(d.day, locale, 'short'))
  const ggr = days.map((d) => d.ggr_cents)
  const best = ggr.indexOf(Math.max(...ggr))
  const worst = ggr.indexOf(Math.min(...ggr))
  const headingId = `totals-${c}`
  const kpis: Array<{ key: string; label: string; value: string; detail?: string }> = [
    {
      key: 'deposits',
      label: t('dashboard.kpi.deposits'),
      value: m(totals.deposits.sum_cents),
      detail: count(totals.deposits.count),
    },
    {
      key: 'withdrawals',
      label: t('dashboard.kpi.withdrawals'),
      value: m(totals.withdrawals.sum_cents),
      detail: count(totals.withdrawals.count),
    },
    {
      key: 'bets',
      label: t('dashboard.kpi.bets'),
      value: m(totals.bets_cents),
      detail: t('dashboard.kpi.rounds_detail', { count: integer(totals.rounds, locale) }),
    },
    { key: 'wins', label: t('dashboard.kpi.wins'), value: m(totals.wins_cents) },
    {
      key: 'ggr',
      label: t('dashboard.kpi.ggr'),
      value: m(totals.ggr_cents),
      detail: t('dashboard.kpi.ggr_detail'),
    },
    {
      key: 'ngr',
      label: t('dashboard.kpi.ngr'),
      value: m(totals.ngr_cents),
      detail: t('dashboard.kpi.ngr_detail', { cost: m(totals.bonus_cost_cents) }),
    },
    {
      key: 'active',
      label: t('dashboard.kpi.active_players'),
      value: integer(totals.active_players, locale),
    },
    { key: 'new', label: t('dashboard.kpi.new_players'), value: integer(totals.new_players, locale) },
    {
      key: 'first',
      label: t('dashboard.kpi.first_deposits'),
      value: integer(totals.first_deposits.count, locale),
      detail: m(totals.first_deposits.sum_cents),
    },
  ]
  const chartColumns: Column<DashboardDay>[] = [
    { key: 'day', header: t('dashboard.day'), render: (d) => day(d.day, locale) },
    { key: 'ggr', header: t('dashboard.kpi.ggr'), align: 'end', render: (d) => m(d.ggr_cents) },
    {
      key: 'deposits',
      header: t('dashboard.kpi.deposits'),
      align: 'end',
      render: (d) => m(d.deposits.sum_cents),
    },
    {
      key: 'withdrawals',
      header: t('dashboard.kpi.withdrawals'),
      align: 'end',
      render: (d) => m(d.withdrawals.sum_cents),
    },
  ]
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.totals_in', { currency: c })}</h2>
      <dl className={styles.kpis}>
        {kpis.map((k) => (
          <div key={k.key} className="card">
            <dt>{k.label}</dt>
            <dd className={styles.figure}>{k.value}</dd>
            {k.detail && <dd className="muted">{k.detail}</dd>}
          </div>
        ))}
      </dl>
      <div className={styles.charts}>
        <BarChart
          title={t('dashboard.chart.ggr', { currency: c })}
          summary={t('dashboard.chart.ggr_summary', {
            total: m(totals.ggr_cents),
            best: m(ggr[best] ?? 0),
            best_day: labels[best] ?? '',
            worst: m(ggr[worst] ?? 0),
            worst_day: labels[worst] ?? '',
          })}
          labels={labels}
          values={ggr}
          format={m}
        />
        <LineChart
          title={t('dashboard.chart.flows', { currency: c })}
          summary={t('dashboard.chart.flows_summary', {
            deposits: m(totals.deposits.sum_cents),
            withdrawals: m(totals.withdrawals.sum_cents),
          })}
          labels={labels}
          series={[
            { name: t('dashboard.kpi.deposits'), values: days.map((d) => d.deposits.sum_cents) },
            { name: t('dashboard.kpi.withdrawals'), values: days.map((d) => d.withdrawals.sum_cents) },
          ]}
          format={m}
        />
      </div>
      <details className={styles.details}>
        <summary>{t('dashboard.chart.figures', { currency: c })}</summary>
        <DataTable
          caption={t('dashboard.chart.figures', { currency: c })}
          columns={chartColumns}
          rows={days}
          rowKey={(d) => d.day}
        />
      </details>
    </section>
  )
}
