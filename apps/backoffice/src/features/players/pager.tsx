import { Link, useLocation, useSearchParams } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'
import styles from './players.module.css'

/**
 * Paging of the players' lists: the api answers whether another page follows rather than counting a
 * large table, so the pager offers the previous and the next page only.
 */
export function MorePager({ page, hasMore }: { page: number; hasMore: boolean }) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const location = useLocation()
  const at = (n: number) => {
    const next = new URLSearchParams(params)
    if (n > 1) next.set('page', String(n))
    else next.delete('page')
    return `${location.pathname}?${next.toString()}`
  }
  if (page <= 1 && !hasMore) return null
  return (
    <nav className={styles.pager} aria-label={t('table.pages')}>
      {page > 1 && <Link to={at(page - 1)}>{t('table.previous')}</Link>}
      <span>{t('players.page', { page })}</span>
      {hasMore && <Link to={at(page + 1)}>{t('table.next')}</Link>}
    </nav>
  )
}
