import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { AdminSnippet } from '@aurum/shared/contracts/admin-content'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, Filters } from '../../components/filters.tsx'
import { useCan } from '../auth/me.ts'
import { api, queryString } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { ContentTabs, DeletedNotice, contentCsv, contentQuery, type Paged } from './shared.tsx'

const FILTERS = ['q', 'category'] as const

/** Snippets: pieces of HTML the site places (footer texts, notices), per language. */
export function ContentSnippetsPage() {
  const { t } = useI18n()
  const can = useCan()
  const [params] = useSearchParams()
  const query = queryString(contentQuery(params, FILTERS))
  const list = useQuery({
    queryKey: ['content', 'snippets', query],
    queryFn: () => api<Paged<AdminSnippet>>('GET', `/api/admin/content/snippets${query}`),
  })
  const csv = `/api/admin/content/snippets.csv${queryString(contentCsv(params, FILTERS))}`
  const columns: Column<AdminSnippet>[] = [
    {
      key: 'id',
      header: t('content.id'),
      sort: 'id',
      render: (s) => (
        <Link to={`/content/snippets/${s.id}`} className="mono">
          {s.id}
        </Link>
      ),
    },
    { key: 'categories', header: t('content.categories'), render: (s) => s.categories.join(', ') },
    {
      key: 'locales',
      header: t('content.languages'),
      render: (s) => Object.keys(s.translations).join(', '),
    },
  ]
  return (
    <section className="page" aria-labelledby="content-title">
      <div className="page-header">
        <h1 id="content-title">{t('content.title')}</h1>
        {can('content:edit') && (
          <Link className="button button-primary" to="/content/snippets/new">
            {t('content.snippets.new')}
          </Link>
        )}
      </div>
      <ContentTabs />
      <DeletedNotice />
      <Filters csv={csv}>
        <FilterField name="q" label={t('content.search')} value={params.get('q')} />
        <FilterField name="category" label={t('content.category')} value={params.get('category')} />
      </Filters>
      <ErrorNotice error={list.error} />
      <DataTable
        caption={t('content.tabs.snippets')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(s) => s.id}
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
