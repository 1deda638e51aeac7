import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { GameItem } from '../api/games.ts'
import styles from './games.module.css'

export interface FavouriteControl {
  /** The per-currency id the favourite is kept under (the player's currency). */
  id: number
  on: boolean
  toggle: (id: number, on: boolean) => void
}

/** A lobby tile: preview, title, provider, badges; a favourite toggle for players. */
export function GameTile({
  game,
  priority = false,
  favourite,
}: {
  game: GameItem
  priority?: boolean
  favourite?: FavouriteControl
}) {
  const { t } = useTranslation()
  return (
    <li className={styles.tile}>
      <Link to={`/play/${game.provider}/${game.seo_title}`} className={styles.tileLink}>
        <img
          src={game.preview}
          alt=""
          width={400}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className={styles.preview}
        />
        <span className={styles.tileText}>
          <strong className={styles.tileTitle}>{game.title}</strong>
          <span className={styles.tileProvider}>{game.provider}</span>
        </span>
        {game.badges.length > 0 && (
          <span className={styles.badges}>
            {game.badges.map((b) => (
              <span key={b} className={styles.badge} data-badge={b}>
                {t(`games.badges.${b}`, { defaultValue: b })}
              </span>
            ))}
          </span>
        )}
      </Link>
      {favourite && (
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
      )}
    </li>
  )
}
