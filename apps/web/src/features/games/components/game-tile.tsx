import type { ReactNode } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import type { TileGame } from '../api/games.ts'
import styles from './games.module.css'

/** A lobby tile: preview, title, provider, badges; the whole tile opens the game page. */
export function GameTile({
  game,
  priority = false,
  action,
}: {
  game: TileGame
  priority?: boolean
  /** A control over the tile (the favourite toggle on list pages). */
  action?: ReactNode
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
      {action}
    </li>
  )
}
