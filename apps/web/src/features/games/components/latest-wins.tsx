import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import { formatAmount, type WinNotice } from '@aurum/shared'
import { isLive } from '../../../lib/realtime/events.ts'
import { useServices } from '../../../lib/services.tsx'
import { useStore } from '../../../lib/store.ts'
import { addWin, LATEST_WINS_SHOWN, latestWinsQuery, winKey } from '../api/latest-wins.ts'
import styles from './latest-wins.module.css'

/**
 * The main page's "Latest wins" strip: the last notable wins (GET /api/stats/winners/latest),
 * new ones added first as the realtime hub pushes them on `public:wins`. Nothing moves by
 * itself: the newest win is marked with a short highlight (none with reduced motion) and the
 * strip scrolls only when the player scrolls it.
 */
export function LatestWins() {
  const { t, i18n } = useTranslation()
  const { http, realtime, queryClient } = useServices()
  const wins = useQuery(latestWinsQuery(http))
  const live = useStore(realtime.store, (s) => isLive(s, 'wins'))
  const [fresh, setFresh] = useState<string | null>(null)

  useEffect(
    () =>
      realtime.events.on('websocket.wins', (win) => {
        if (!win || typeof win.humanized_win !== 'string') return
        addWin(queryClient, win)
        setFresh(winKey(win))
      }),
    [realtime, queryClient],
  )

  const list = wins.data?.slice(0, LATEST_WINS_SHOWN) ?? []
  return (
    <section aria-labelledby="latest-wins" className={styles.section} data-testid="latest-wins">
      <div className={styles.head}>
        <h2 id="latest-wins" className={styles.title}>
          {t('wins.title')}
        </h2>
        {live && (
          <span className={styles.live}>
            <span className={styles.dot} aria-hidden="true" />
            {t('wins.live')}
          </span>
        )}
      </div>
      {wins.isPending ? (
        <p className={styles.note} role="status">
          {t('common.loading')}
        </p>
      ) : list.length === 0 ? (
        <p className={styles.note}>{wins.isError ? t('wins.unavailable') : t('wins.empty')}</p>
      ) : (
        <ol className={styles.list}>
          {list.map((win) => {
            const key = winKey(win)
            return (
              <WinItem
                key={key}
                win={win}
                amount={formatAmount(win.win_amount_cents, win.currency, i18n.language)}
                fresh={key === fresh}
                wonLabel={t('wins.won')}
              />
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** `amount`: the win in the visitor's language (a pushed win's `humanized_win` is the publisher's). */
function WinItem({
  win,
  amount,
  fresh,
  wonLabel,
}: {
  win: WinNotice
  amount: string
  fresh: boolean
  wonLabel: string
}) {
  // The game's page in the app (a path), or elsewhere (a full address).
  const game = win.game_table_url.startsWith('/') ? (
    <Link to={win.game_table_url} className={styles.game}>
      {win.game_title}
    </Link>
  ) : (
    <a href={win.game_table_url} className={styles.game}>
      {win.game_title}
    </a>
  )
  return (
    <li className={styles.item} data-fresh={fresh || undefined}>
      {win.game_table_image_path ? (
        <img
          className={styles.thumb}
          src={win.game_table_image_path}
          alt=""
          width={64}
          height={48}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.thumb} aria-hidden="true" />
      )}
      <span className={styles.text}>
        <span className={styles.player}>
          {win.nickname} <span className={styles.verb}>{wonLabel}</span>
        </span>
        <strong className={styles.amount}>{amount}</strong>
        {game}
      </span>
    </li>
  )
}
