import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styles from './lobby-nav.module.css'

/** The page numbers shown: all of a short list; else the first, the last and two around the current one. */
export function pageNumbers(page: number, pages: number): Array<number | null> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1)
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  // A gap of one page shows that page rather than an ellipsis in its place.
  return sorted.flatMap((n, i) => {
    const before = sorted[i - 1]
    if (before === undefined || n - before === 1) return [n]
    return n - before === 2 ? [n - 1, n] : [null, n]
  })
}

/** Links to the other pages of a paged list (a studio's games): previous, the numbers, next. */
export function Pager({
  page,
  pages,
  pathOf,
}: {
  page: number
  pages: number
  pathOf: (page: number) => string
}) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <nav aria-label={t('games.pages_label')} className={styles.pager}>
      {page > 1 && (
        <Link to={pathOf(page - 1)} rel="prev" className={styles.pagerStep}>
          {t('games.page_prev')}
        </Link>
      )}
      <ol className={styles.pagerList}>
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.pagerGap}>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={pathOf(n)}
                className={styles.pagerLink}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('games.page_n', { page: n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages && (
        <Link to={pathOf(page + 1)} rel="next" className={styles.pagerStep}>
          {t('games.page_next')}
        </Link>
      )}
    </nav>
  )
}
