import { useEffect, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useLoaderData, useSearchParams } from 'react-router'
import { Button } from '../../../components/button/button.tsx'
import { usePlayer } from '../../account/api/get-player.ts'
import type { GameItem } from '../api/games.ts'
import { useGameSession } from '../components/game-session.tsx'
import styles from '../components/games.module.css'
import { MinimumWagerNotice } from '../components/minimum-wager-notice.tsx'
import { RealityCheckSetting } from '../../reality-check/components/reality-check-setting.tsx'

/** The game page (spec §2): the frame full size, and what a player should know about the game. */
export function GamePage() {
  const { t } = useTranslation()
  const game = useLoaderData<GameItem>()
  const [search] = useSearchParams()
  const asked = search.get('currency') ?? undefined
  const currency = asked && /^[A-Z]{3,4}$/.test(asked) ? asked : undefined
  const player = usePlayer()
  const session = useGameSession()
  const [slot, setSlot] = useState<HTMLDivElement | null>(null)
  const { show, leave, setMode } = session
  // The frame (kept above the routes) covers this page's slot; leaving the page minimises it.
  useEffect(() => {
    show(game, currency, slot, player ? 'real' : game.has_demo_mode ? 'demo' : null)
  }, [game, currency, slot, player, show])
  useEffect(() => leave, [leave])
  const mode = session.open?.mode
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{game.title}</h1>
      {player && game.has_demo_mode && (
        <div className={styles.modes} role="group" aria-label={t('games.mode')}>
          <Button
            size="small"
            variant={mode === 'real' ? 'primary' : 'secondary'}
            aria-pressed={mode === 'real'}
            onClick={() => setMode('real')}
          >
            {t('games.real_money')}
          </Button>
          <Button
            size="small"
            variant={mode === 'demo' ? 'primary' : 'secondary'}
            aria-pressed={mode === 'demo'}
            onClick={() => setMode('demo')}
          >
            {t('games.demo')}
          </Button>
        </div>
      )}
      <MinimumWagerNotice key={game.identifier} game={game} currency={currency} real={mode === 'real'} />
      <div ref={setSlot} className={styles.frameSlot} data-testid="game-frame-slot" />
      {player && mode === 'real' && <RealityCheckSetting />}
      <dl className={styles.facts}>
        <div>
          <dt>{t('games.rtp')}</dt>
          <dd>{(game.rtp * 100).toFixed(2)} %</dd>
        </div>
        <div>
          <dt>{t('games.volatility')}</dt>
          <dd>{t(`games.volatility_${game.volatility_rating}`, { defaultValue: game.volatility_rating })}</dd>
        </div>
        {game.lines !== null && (
          <div>
            <dt>{t('games.lines')}</dt>
            <dd>{game.lines}</dd>
          </div>
        )}
        {game.ways !== null && (
          <div>
            <dt>{t('games.ways')}</dt>
            <dd>{game.ways}</dd>
          </div>
        )}
        <div>
          <dt>{t('games.max_win')}</dt>
          <dd>{t('games.times_bet', { x: game.max_win_x })}</dd>
        </div>
      </dl>
    </div>
  )
}
