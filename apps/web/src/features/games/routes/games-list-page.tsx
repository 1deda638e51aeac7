import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { GameListFilter } from '../api/games.ts'
import { GameGrid } from '../components/game-grid.tsx'
import styles from '../components/games.module.css'

/** Which games a list route shows (spec §2): pokies and live by category, a category, a producer. */
export function listFilter(kind: 'pokies' | 'live' | 'category' | 'producer', slug: string): GameListFilter {
  if (kind === 'producer') return { providers: [slug] }
  if (kind === 'pokies') return { categories: [slug === 'all' ? 'slots' : slug] }
  if (kind === 'live') return { categories: [slug === 'all' ? 'live' : slug] }
  return { categories: [slug] }
}

export function GamesListPage({ kind }: { kind: 'pokies' | 'live' | 'category' | 'producer' }) {
  const { t } = useTranslation()
  const slug = useParams().slug ?? 'all'
  const filter = listFilter(kind, slug)
  const title =
    kind === 'producer'
      ? t('games.producer_title', { producer: slug })
      : t(`games.categories.${filter.categories![0]}`, { defaultValue: slug })
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <GameGrid key={`${kind}:${slug}`} filter={filter} label={title} />
    </div>
  )
}
