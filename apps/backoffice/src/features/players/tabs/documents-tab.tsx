import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import type { z } from 'zod'
import type { playerDocumentsPage } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { useCan } from '../../auth/me.ts'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { playerKey } from '../api.ts'
import { MorePager } from '../pager.tsx'

type DocumentsPage = z.infer<typeof playerDocumentsPage>
type Document = DocumentsPage['data'][number]

/** The player's verification documents, newest first; each opens in the verification screen. */
export function DocumentsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const can = useCan()
  const query = queryString({ page: params.get('page') })
  const page = useQuery({
    queryKey: [...playerKey(id), 'documents', query],
    queryFn: () => api<DocumentsPage>('GET', `/api/admin/players/${id}/documents${query}`),
  })
  const columns: Column<Document>[] = [
    { key: 'id', header: t('players.id'), align: 'end', render: (d) => d.id },
    { key: 'at', header: t('verification.uploaded'), render: (d) => dateTime(d.created_at, locale) },
    {
      key: 'type',
      header: t('verification.type'),
      render: (d) => t(`verification.types.${d.document_type}`),
    },
    {
      key: 'file',
      header: t('verification.file'),
      render: (d) =>
        can('verification:view') ? <Link to={`/verification/${d.id}`}>{d.file_name}</Link> : d.file_name,
    },
    {
      key: 'status',
      header: t('verification.status'),
      render: (d) => (
        <>
          {t(`verification.statuses.${d.status}`)}
          {d.rejection_reason && (
            <>
              <br />
              <span className="muted">{d.rejection_reason}</span>
            </>
          )}
        </>
      ),
    },
    { key: 'reviewed', header: t('verification.reviewed'), render: (d) => dateTime(d.reviewed_at, locale) },
  ]
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{t('players.tabs.documents')}</h2>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.tabs.documents')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(d) => d.id}
        loading={page.isFetching}
      />
      {page.data && <MorePager page={page.data.pagination.page} hasMore={page.data.pagination.has_more} />}
    </section>
  )
}
