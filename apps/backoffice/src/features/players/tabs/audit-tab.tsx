import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import type { AuditEntry } from '@aurum/shared/contracts/audit'
import { CursorPager, DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { useCan } from '../../auth/me.ts'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { playerKey } from '../api.ts'

interface AuditPage {
  data: AuditEntry[]
  pagination: { per_page: number; next_cursor: string | null }
}

/** The audit entries whose target is this player, newest first; the audit log holds the rest. */
export function AuditTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const can = useCan()
  const query = queryString({ cursor: params.get('cursor') })
  const page = useQuery({
    queryKey: [...playerKey(id), 'audit', query],
    queryFn: () => api<AuditPage>('GET', `/api/admin/players/${id}/audit${query}`),
  })
  const columns: Column<AuditEntry>[] = [
    { key: 'id', header: t('audit.id'), align: 'end', render: (e) => e.id },
    { key: 'at', header: t('audit.at'), render: (e) => dateTime(e.at, locale, true) },
    { key: 'actor', header: t('audit.actor'), render: (e) => e.actor_label },
    { key: 'action', header: t('audit.action'), render: (e) => <span className="mono">{e.action}</span> },
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
                <pre className="mono">{JSON.stringify(e.before, null, 1) ?? '–'}</pre>
              </dd>
              <dt>{t('audit.after')}</dt>
              <dd>
                <pre className="mono">{JSON.stringify(e.after, null, 1) ?? '–'}</pre>
              </dd>
            </dl>
          </details>
        ),
    },
  ]
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('players.tabs.audit')}</h2>
      {can('audit:view') && (
        <p>
          <Link to={`/audit${queryString({ target_type: 'player', target_id: id })}`}>
            {t('players.audit.in_log')}
          </Link>
        </p>
      )}
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.tabs.audit')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(e) => e.id}
        loading={page.isFetching}
      />
      <CursorPager nextCursor={page.data?.pagination.next_cursor} />
    </section>
  )
}
