import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../../lib/translation.tsx'
import { useServices } from '../../../lib/services.tsx'
import { gamesFirstPageQuery, type GameListFilter } from '../api/games.ts'
import { GameTile } from './game-tile.tsx'
import styles from './games.module.css'

/**
 * A fixed row of games (the main page's lobby row): the list's first page, no scrolling for more.
 * Favourites are kept from the list pages (their code stays out of every page's first load).
 */
export function GameRow({ filter, label, count }: { filter: GameListFilter; label: string; count: number }) {
  const { t } = useTranslation()
  const { http } = useServices()
  const games = useQuery(gamesFirstPageQuery(http, filter, count))
  if (games.isError) return <p role="alert">{t('games.load_failed')}</p>
  if (games.isPending) return <p role="status">{t('common.loading')}</p>
  return (
    <ul className={styles.grid} aria-label={label}>
      {games.data.data.map((game, i) => (
        <GameTile key={game.identifier} game={game} priority={i < 4} />
      ))}
    </ul>
  )
}
