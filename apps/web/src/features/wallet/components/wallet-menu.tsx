import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { displayAmount } from '@aurum/shared'
import { loadChunk } from '../../../lib/chunks.ts'
import { useAccounts } from '../api/accounts.ts'
import { Amount } from './amount.tsx'
import styles from './wallet-menu.module.css'

const WalletPanel = lazy(() =>
  loadChunk(async () => ({ default: (await import('./wallet-panel.tsx')).WalletPanel })),
)

/**
 * The header balance (issue: active currency, refreshed after every money movement) and the
 * wallet switcher: the player's wallets with their balances, and opening a wallet in another currency.
 */
export function WalletMenu() {
  const { t, i18n } = useTranslation()
  const accounts = useAccounts(true).data
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const active = accounts?.find((a) => a.active) ?? accounts?.[0]

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])

  if (!active) return null
  return (
    <div className={styles.wallet} ref={root}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('wallet.balance_label', {
          amount: `${displayAmount(active.amount_cents, active.currency, i18n.language).text} ${
            displayAmount(active.amount_cents, active.currency, i18n.language).unit
          }`,
        })}
        data-testid="header-balance"
        onClick={() => setOpen((v) => !v)}
      >
        <Amount account={active} locale={i18n.language} />
      </button>
      {open && accounts && (
        <Suspense fallback={null}>
          <WalletPanel
            id={panelId}
            accounts={accounts}
            locale={i18n.language}
            onDone={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
