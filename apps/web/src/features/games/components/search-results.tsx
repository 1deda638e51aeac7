import { useTranslation } from '../../../lib/translation.tsx'
import type { GameListFilter } from '../api/games.ts'
import { useGames } from '../api/games-infinite.ts'
import { GameGrid } from './game-grid.tsx'
import styles from './games.module.css'

/**
 * The lobby search's results: every game whose title contains the query, with infinite scroll;
 * how many were found (or that none were) is announced politely.
 */
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation()
  const filter: GameListFilter = { title: query }
  const total = useGames(filter).data?.pages[0]?.pagination.total_count
  const title = t('games.search_results', { query })
  return (
    <section aria-labelledby="game-search-results" className={styles.page}>
      <h2 id="game-search-results" className={styles.heading}>
        {title}
      </h2>
      <p role="status" className={styles.empty}>
        {total === 0
          ? t('games.search_none', { query })
          : total !== undefined && t('games.search_found', { count: total })}
      </p>
      {total !== 0 && <GameGrid filter={filter} label={title} />}
    </section>
  )
}
