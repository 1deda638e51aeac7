import type { ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useI18n } from '../lib/i18n.tsx'
import styles from './data-table.module.css'

export interface Column<Row> {
  key: string
  header: string
  /** A sortable column names the api's sort key. */
  sort?: string
  align?: 'end'
  render: (row: Row) => ReactNode
}

/**
 * A table of one page of server data. Sorting, paging and filters live in the address (deep-linkable,
 * and the browser's back button undoes them); the api does the sorting and paging.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  foot,
}: {
  caption: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  rowKey: (row: Row) => string
  loading?: boolean
  empty?: string
  /** Rows after the page's, such as totals over every page (a <tfoot>). */
  foot?: ReactNode
}) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const location = useLocation()
  const current = params.get('sort') ?? ''
  const sortLink = (key: string) => {
    const next = new URLSearchParams(params)
    next.set('sort', current === key ? `-${key}` : key)
    next.delete('cursor')
    next.delete('page')
    return `${location.pathname}?${next.toString()}`
  }
  return (
    // A wide table scrolls sideways inside its frame: the frame takes the keyboard's focus so that
    // arrow keys scroll it (axe: scrollable-region-focusable).
    <div className={styles.wrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const direction =
                current === c.sort ? 'ascending' : current === `-${c.sort}` ? 'descending' : undefined
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={c.sort ? (direction ?? 'none') : undefined}
                  data-align={c.align}
                >
                  {c.sort ? (
                    <Link to={sortLink(c.sort)} className={styles.sort}>
                      {c.header}
                      <span aria-hidden="true">
                        {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}
                      </span>
                    </Link>
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} data-align={c.align}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows && rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty ?? t('table.empty')}
              </td>
            </tr>
          )}
          {!rows && (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {t('table.loading')}
              </td>
            </tr>
          )}
        </tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  )
}

/** Keyset paging: the first page, and the next one by the cursor the api answered. */
export function CursorPager({ nextCursor }: { nextCursor: string | null | undefined }) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const location = useLocation()
  const at = (cursor: string | null) => {
    const next = new URLSearchParams(params)
    if (cursor) next.set('cursor', cursor)
    else next.delete('cursor')
    return `${location.pathname}?${next.toString()}`
  }
  return (
    <nav className={styles.pager} aria-label={t('table.pages')}>
      {params.get('cursor') && <Link to={at(null)}>{t('table.first')}</Link>}
      {nextCursor && <Link to={at(nextCursor)}>{t('table.next')}</Link>}
    </nav>
  )
}

/** Numbered paging: previous, the page out of how many, next. */
export function PagePager({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const location = useLocation()
  const at = (n: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(n))
    return `${location.pathname}?${next.toString()}`
  }
  return (
    <nav className={styles.pager} aria-label={t('table.pages')}>
      {page > 1 && <Link to={at(page - 1)}>{t('table.previous')}</Link>}
      <span>{t('table.page_of', { page, total: Math.max(totalPages, 1) })}</span>
      {page < totalPages && <Link to={at(page + 1)}>{t('table.next')}</Link>}
    </nav>
  )
}
