import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import { pageNumbers } from '../page-numbers.ts'
import styles from './lobby-nav.module.css'

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
