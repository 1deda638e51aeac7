import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { AdminPage } from '@aurum/shared/contracts/admin-content'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { useCan } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { ContentTabs, DeletedNotice, contentCsv, contentQuery, type Paged } from './shared.tsx'

type Row = Omit<AdminPage, 'translations'>
const FILTERS = ['q', 'category', 'published'] as const

/** CMS pages (SEO meta of the app's routes included): filters, sort, pages, CSV. */
export function ContentPagesPage() {
  const { t, locale } = useI18n()
  const can = useCan()
  const [params] = useSearchParams()
  const query = queryString(contentQuery(params, FILTERS))
  const list = useQuery({
    queryKey: ['content', 'pages', query],
    queryFn: () => api<Paged<Row>>('GET', `/api/admin/content/pages${query}`),
  })
  const csv = `/api/admin/content/pages.csv${queryString(contentCsv(params, FILTERS))}`
  const columns: Column<Row>[] = [
    { key: 'id', header: t('content.id'), sort: 'id', align: 'end', render: (p) => p.id },
    {
      key: 'slug',
      header: t('content.slug'),
      sort: 'slug',
      render: (p) => (
        <Link to={`/content/pages/${p.id}`} className="mono">
          {p.slug}
        </Link>
      ),
    },
    { key: 'title', header: t('content.title_field'), render: (p) => p.title },
    { key: 'categories', header: t('content.categories'), render: (p) => p.categories.join(', ') },
    {
      key: 'published',
      header: t('content.published'),
      render: (p) => (p.published ? t('common.yes') : t('common.no')),
    },
    { key: 'locales', header: t('content.languages'), render: (p) => p.locales.length },
    {
      key: 'position',
      header: t('content.position'),
      sort: 'position',
      align: 'end',
      render: (p) => p.position,
    },
    {
      key: 'updated',
      header: t('content.updated'),
      sort: 'updated_at',
      render: (p) => dateTime(p.updated_at, locale),
    },
  ]
  return (
    <section className="page" aria-labelledby="content-title">
      <div className="page-header">
        <h1 id="content-title">{t('content.title')}</h1>
        {can('content:edit') && (
          <Link className="button button-primary" to="/content/pages/new">
            {t('content.pages.new')}
          </Link>
        )}
      </div>
      <ContentTabs />
      <DeletedNotice />
      <Filters csv={csv}>
        <FilterField name="q" label={t('content.search')} value={params.get('q')} />
        <FilterField name="category" label={t('content.category')} value={params.get('category')} />
        <FilterSelect
          name="published"
          label={t('content.published')}
          value={params.get('published')}
          options={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
        />
      </Filters>
      <ErrorNotice error={list.error} />
      <DataTable
        caption={t('content.tabs.pages')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(p) => String(p.id)}
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
