import { useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { formatAmount, minimumWagerNotice } from '@aurum/shared'
import { usePlayer } from '../../account/api/get-player.ts'
import { useAccounts } from '../../wallet/api/accounts.ts'
import type { GameItem } from '../api/games.ts'
import styles from './games.module.css'

/**
 * Spec §8: over a real-money game with the `wager0` collection, a player with a bonus balance in
 * the currency played (the page's `currency`, else the active wallet's) learns the smallest bet
 * that counts towards the bonus wagering (spec §9). Dismissible.
 */
export function MinimumWagerNotice({
  game,
  currency,
  real,
}: {
  game: GameItem
  currency: string | undefined
  real: boolean
}) {
  const { t, i18n } = useTranslation()
  const player = usePlayer()
  const accounts = useAccounts(!!player).data
  const [dismissed, setDismissed] = useState(false)
  const notice = real && accounts ? minimumWagerNotice(game.collections, accounts, currency) : undefined
  if (dismissed || !notice) return null
  return (
    <div role="status" className={styles.notice}>
      <p>
        {t('games.minimum_wager', { amount: formatAmount(notice.cents, notice.currency, i18n.language) })}
      </p>
      <button type="button" onClick={() => setDismissed(true)} aria-label={t('games.minimum_wager_dismiss')}>
        ×
      </button>
    </div>
  )
}
