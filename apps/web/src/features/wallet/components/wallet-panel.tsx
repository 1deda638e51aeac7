import { useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import type { UserAccount } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, SelectField } from '../../../components/form/field.tsx'
import { useCurrencies } from '../../info/api/get-currencies.ts'
import { useSelectAccount } from '../api/accounts.ts'
import { Amount } from './amount.tsx'
import styles from './wallet-menu.module.css'

/** The wallet menu's panel (loaded when the menu first opens): wallets, cashier links, a new wallet. */
export function WalletPanel({
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
