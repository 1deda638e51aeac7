import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AuditEntry } from '@aurum/shared/contracts/audit'
import { CursorPager, DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'

interface AuditPage {
  data: AuditEntry[]
  pagination: { per_page: number; next_cursor: string | null }
}

const FILTERS = ['from', 'to', 'actor', 'action', 'target_type', 'target_id'] as const

/** A JSON value as the operator reads it: compact, or a dash when there is none. */
function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">–</span>
  return <pre className="mono">{JSON.stringify(value, null, 1)}</pre>
}

/**
 * The audit log: every staff action with what it changed, newest first, filtered by period, actor,
 * action and target; the same filters export the whole selection as CSV.
 */
export function AuditPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f)])) as Record<
    (typeof FILTERS)[number],
    string | null
  >
  // The table's sort is by entry id, the chain's order: `id` is oldest first, `-id` (default) newest.
  const sort = params.get('sort') === 'id' ? 'asc' : 'desc'
  const query = queryString({ ...filters, sort, cursor: params.get('cursor') })
  const page = useQuery({
    queryKey: ['audit', query],
    queryFn: () => api<AuditPage>('GET', `/api/admin/audit${query}`),
  })
  const csv = `/api/admin/audit.csv${queryString(filters)}`
  const columns: Column<AuditEntry>[] = [
    { key: 'id', header: t('audit.id'), sort: 'id', align: 'end', render: (e) => e.id },
    { key: 'at', header: t('audit.at'), render: (e) => dateTime(e.at, locale, true) },
    { key: 'actor', header: t('audit.actor'), render: (e) => e.actor_label },
    { key: 'action', header: t('audit.action'), render: (e) => <span className="mono">{e.action}</span> },
    {
      key: 'target',
      header: t('audit.target'),
      render: (e) => (e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : '–'),
    },
    { key: 'reason', header: t('audit.reason'), render: (e) => e.reason ?? '–' },
    {
      key: 'change',
      header: t('audit.change'),
      render: (e) =>
        e.before === null && e.after === null ? (
          '–'
        ) : (
          <details>
            <summary>{t('audit.show_change')}</summary>
            <dl className="facts">
              <dt>{t('audit.before')}</dt>
              <dd>
                <Json value={e.before} />
              </dd>
              <dt>{t('audit.after')}</dt>
              <dd>
                <Json value={e.after} />
              </dd>
              <dt>{t('audit.request')}</dt>
              <dd className="mono">
                {[e.ip, e.user_agent, e.request_id].filter(Boolean).join(' · ') || '–'}
              </dd>
              <dt>{t('audit.hash')}</dt>
              <dd className="mono">{e.hash}</dd>
            </dl>
          </details>
        ),
    },
  ]
  return (
    <section className="page" aria-labelledby="audit-title">
      <div className="page-header">
        <h1 id="audit-title">{t('audit.title')}</h1>
      </div>
      <p className="muted">{t('audit.intro')}</p>
      <Filters csv={csv}>
        <FilterField name="from" type="date" label={t('filters.from')} value={filters.from} />
        <FilterField name="to" type="date" label={t('filters.to')} value={filters.to} />
        <FilterField name="actor" label={t('audit.actor')} value={filters.actor} placeholder="name@…" />
        <FilterField name="action" label={t('audit.action')} value={filters.action} placeholder="payment" />
        <FilterField
          name="target_type"
          label={t('audit.target_type')}
          value={filters.target_type}
          placeholder="player"
        />
        <FilterField name="target_id" label={t('audit.target_id')} value={filters.target_id} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(e) => e.id}
        loading={page.isFetching}
      />
      <CursorPager nextCursor={page.data?.pagination.next_cursor} />
    </section>
  )
}
