import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { AdminFile } from '@aurum/shared/contracts/admin-content'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, Filters } from '../../components/filters.tsx'
import { useCan } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { ContentTabs, DeletedNotice, contentCsv, contentQuery, type Paged } from './shared.tsx'
import styles from './content.module.css'

const FILTERS = ['q', 'category'] as const

/** Files and banners (category `banner` and their slider's), in their sliders' order. */
export function ContentFilesPage() {
  const { t } = useI18n()
  const can = useCan()
  const [params] = useSearchParams()
  const query = queryString(contentQuery(params, FILTERS))
  const list = useQuery({
    queryKey: ['content', 'files', query],
    queryFn: () => api<Paged<AdminFile>>('GET', `/api/admin/content/files${query}`),
  })
  const csv = `/api/admin/content/files.csv${queryString(contentCsv(params, FILTERS))}`
  const columns: Column<AdminFile>[] = [
    {
      key: 'image',
      header: t('content.files.image'),
      render: (f) => <img className={styles.thumb} src={f.url} alt="" loading="lazy" />,
    },
    {
      key: 'id',
      header: t('content.id'),
      sort: 'id',
      render: (f) => (
        <Link to={`/content/files/${f.id}`} className="mono">
          {f.id}
        </Link>
      ),
    },
    {
      key: 'kind',
      header: t('content.files.kind'),
      render: (f) => (f.categories.includes('banner') ? t('content.files.banner') : t('content.files.file')),
    },
    { key: 'categories', header: t('content.categories'), render: (f) => f.categories.join(', ') },
    {
      key: 'locales',
      header: t('content.languages'),
      render: (f) => Object.keys(f.translations).length,
    },
    {
      key: 'position',
      header: t('content.position'),
      sort: 'position',
      align: 'end',
      render: (f) => f.position,
    },
  ]
  return (
    <section className="page" aria-labelledby="content-title">
      <div className="page-header">
        <h1 id="content-title">{t('content.title')}</h1>
        {can('content:edit') && (
          <Link className="button button-primary" to="/content/files/new">
            {t('content.files.new')}
          </Link>
        )}
      </div>
      <ContentTabs />
      <DeletedNotice />
      <Filters csv={csv}>
        <FilterField name="q" label={t('content.search')} value={params.get('q')} />
        <FilterField
          name="category"
          label={t('content.category')}
          value={params.get('category')}
          placeholder="banner"
        />
      </Filters>
      <ErrorNotice error={list.error} />
      <DataTable
        caption={t('content.tabs.files')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(f) => f.id}
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
