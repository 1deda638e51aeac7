import { useTranslation } from '../../../lib/translation.tsx'
import { useFavourites } from '../api/favourites.ts'
import { useFavouriteControl } from '../components/favourites.ts'
import { FavouriteButton } from '../components/favourite-button.tsx'
import { GameTile } from '../components/game-tile.tsx'
import styles from '../components/games.module.css'

/** The player's favourite games (spec §2, /favorite-games). */
export function FavouritesPage() {
  const { t } = useTranslation()
  const { games } = useFavourites(true)
  const favouriteOf = useFavouriteControl()
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('games.favourites_title')}</h1>
      {games.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : games.isError ? (
        <p role="alert">{t('games.load_failed')}</p>
      ) : games.data.length === 0 ? (
        <p className={styles.empty}>{t('games.no_favourites')}</p>
      ) : (
        <ul className={styles.grid} aria-label={t('games.favourites_title')}>
          {games.data.map((game) => (
            <GameTile
              key={game.identifier}
              game={game}
              action={<FavouriteButton game={game} favourite={favouriteOf(game)} />}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
