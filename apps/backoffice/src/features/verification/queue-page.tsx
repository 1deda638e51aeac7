import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { DOCUMENT_TYPES } from '@aurum/shared/documents'
import {
  REVIEW_STATES,
  type AdminDocument,
  type AdminDocumentsPage,
} from '@aurum/shared/contracts/admin-verification'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly, listQuery } from '../../lib/list.ts'

const FILTERS = ['status', 'document_type', 'player_id', 'from', 'to'] as const

/** The review queue: documents players uploaded, oldest first, waiting ones by default. */
export function VerificationQueuePage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  // The queue opens on what waits for a decision; "any" is a choice of its own.
  const status = params.get('status') ?? 'waiting'
  const effective = new URLSearchParams(params)
  if (status === 'any') effective.delete('status')
  else effective.set('status', status)
  const query = queryString(listQuery(effective, FILTERS))
  const page = useQuery({
    queryKey: ['verification', 'documents', query],
    queryFn: () => api<AdminDocumentsPage>('GET', `/api/admin/verification/documents${query}`),
  })
  const csv = `/api/admin/verification/documents.csv${queryString(filtersOnly(effective, FILTERS))}`
  const columns: Column<AdminDocument>[] = [
    { key: 'id', header: t('verification.id'), sort: 'id', align: 'end', render: (d) => d.id },
    {
      key: 'created',
      header: t('verification.uploaded'),
      sort: 'created_at',
      render: (d) => dateTime(d.created_at, locale),
    },
    {
      key: 'player',
      header: t('verification.player'),
      sort: 'player_id',
      render: (d) => `${d.player_email} (${d.player_id})`,
    },
    {
      key: 'type',
      header: t('verification.type'),
      sort: 'document_type',
      render: (d) => t(`verification.types.${d.document_type}`),
    },
    {
      key: 'file',
      header: t('verification.file'),
      render: (d) => <Link to={`/verification/${d.id}`}>{d.file_name}</Link>,
    },
    {
      key: 'status',
      header: t('verification.status'),
      render: (d) => t(`verification.statuses.${d.status}`),
    },
  ]
  return (
    <section className="page" aria-labelledby="verification-title">
      <div className="page-header">
        <h1 id="verification-title">{t('verification.title')}</h1>
      </div>
      <Filters csv={csv}>
        <label>
          {t('verification.status')}
          <select name="status" defaultValue={status}>
            <option value="any">{t('filters.any')}</option>
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`verification.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect
          name="document_type"
          label={t('verification.type')}
          value={params.get('document_type')}
          options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`verification.types.${d}`) }))}
        />
        <FilterField name="player_id" label={t('verification.player_id')} value={params.get('player_id')} />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('verification.title')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(d) => String(d.id)}
        loading={page.isFetching}
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
