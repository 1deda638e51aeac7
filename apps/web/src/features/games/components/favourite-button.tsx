import { useTranslation } from '../../../lib/translation.tsx'
import type { ListGame } from '../api/games.ts'
import type { FavouriteControl } from './favourites.ts'
import styles from './games.module.css'

/** The heart over a tile: adds the game to the player's favourites or removes it. */
export function FavouriteButton({
  game,
  favourite,
}: {
  game: ListGame
  favourite: FavouriteControl | undefined
}) {
  const { t } = useTranslation()
  if (!favourite) return null
  return (
    <button
      type="button"
      className={styles.favourite}
      aria-pressed={favourite.on}
      aria-label={t(favourite.on ? 'games.unfavourite' : 'games.favourite', { title: game.title })}
      onClick={() => favourite.toggle(favourite.id, !favourite.on)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21z"
          fill={favourite.on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  )
}
