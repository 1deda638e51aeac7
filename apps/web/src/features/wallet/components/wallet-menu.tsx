import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { displayAmount, type UserAccount } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, SelectField } from '../../../components/form/field.tsx'
import { useCurrencies } from '../../info/api/get-currencies.ts'
import { useAccounts, useSelectAccount } from '../api/accounts.ts'
import styles from './wallet-menu.module.css'

function Amount({ account, locale }: { account: UserAccount; locale: string }) {
  const { text, unit } = displayAmount(account.amount_cents, account.currency, locale)
  return (
    <>
      <span>{text}</span> <span className={styles.unit}>{unit}</span>
    </>
  )
}

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
        <WalletPanel id={panelId} accounts={accounts} locale={i18n.language} onDone={() => setOpen(false)} />
      )}
    </div>
  )
}

function WalletPanel({
  id,
  accounts,
  locale,
  onDone,
}: {
  id: string
  accounts: UserAccount[]
  locale: string
  onDone: () => void
}) {
  const { t } = useTranslation()
  const select = useSelectAccount()
  const currencies = useCurrencies().data ?? []
  const missing = currencies.filter((c) => !accounts.some((a) => a.currency === c.code))
  const [adding, setAdding] = useState('')
  const choose = (currency: string) => select.mutate(currency, { onSuccess: onDone })
  return (
    <section id={id} className={styles.panel} aria-label={t('wallet.title')}>
      <h2>{t('wallet.title')}</h2>
      {/* The cashbox routes (spec §2): one-click deposit, withdrawal, requests and history. */}
      <nav className={styles.actions} aria-label={t('wallet.cashier_links')}>
        <Link to="/deposit-fast" onClick={onDone}>
          {t('wallet.quick_deposit')}
        </Link>
        <Link to="/withdraw" onClick={onDone}>
          {t('wallet.withdraw')}
        </Link>
        <Link to="/cashbox" onClick={onDone}>
          {t('wallet.requests')}
        </Link>
      </nav>
      <FormAlert message={select.isError ? t('wallet.select_failed') : undefined} />
      <ul className={styles.list}>
        {accounts.map((account) => (
          <li key={account.currency}>
            <button
              type="button"
              className={styles.item}
              aria-current={account.active}
              disabled={select.isPending}
              onClick={() => (account.active ? onDone() : choose(account.currency))}
            >
              <span>{account.currency}</span>
              <span>
                <Amount account={account} locale={locale} />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <form
          className={styles.add}
          onSubmit={(e) => {
            e.preventDefault()
            if (adding) choose(adding)
          }}
        >
          <SelectField
            label={t('wallet.add_label')}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">{t('wallet.add_choose')}</option>
            {missing.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code}
              </option>
            ))}
          </SelectField>
          <Button type="submit" size="small" disabled={!adding || select.isPending}>
            {t('wallet.add')}
          </Button>
        </form>
      )}
    </section>
  )
}
