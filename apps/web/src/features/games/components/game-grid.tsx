import { useEffect, useRef } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import type { GameListFilter } from '../api/games.ts'
import { useGames } from '../api/games-infinite.ts'
import { useFavouriteControl } from './favourites.ts'
import { FavouriteButton } from './favourite-button.tsx'
import { GameTile } from './game-tile.tsx'
import styles from './games.module.css'

/** Spec §9: the next page is asked for when the end of the list is 500 px away. */
const SCROLL_TRIGGER_PX = 500

/**
 * A game list with infinite scroll (spec §2, §9): one call at a time, the next page when the
 * list's end comes within 500 px, until the pagination has no next page.
 */
export function GameGrid({
  filter,
  label,
  limit,
}: {
  filter: GameListFilter
  label: string
  limit?: number
}) {
  const { t } = useTranslation()
  const games = useGames(filter, limit)
  const favouriteOf = useFavouriteControl()
  const end = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = games
  useEffect(() => {
    if (limit || !end.current || !hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: `0px 0px ${SCROLL_TRIGGER_PX}px 0px` },
    )
    observer.observe(end.current)
    return () => observer.disconnect()
  }, [limit, hasNextPage, isFetchingNextPage, fetchNextPage])

  if (games.isError) return <p role="alert">{t('games.load_failed')}</p>
  const list = games.data?.pages.flatMap((p) => p.data) ?? []
  const shown = limit ? list.slice(0, limit) : list
  if (games.isPending) return <p role="status">{t('common.loading')}</p>
  if (!shown.length) return <p className={styles.empty}>{t('games.none')}</p>
  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {shown.map((game, i) => (
          <GameTile
            key={game.identifier}
            game={game}
            priority={i < 4}
            action={<FavouriteButton game={game} favourite={favouriteOf(game)} />}
          />
        ))}
      </ul>
      {!limit && <div ref={end} aria-hidden="true" />}
      {isFetchingNextPage && <p role="status">{t('common.loading')}</p>}
    </>
  )
}
