import { displayAmount, type UserAccount } from '@aurum/shared'
import styles from './wallet-menu.module.css'

/** A wallet's balance in its display unit (µBTC, mETH…), the unit in smaller type. */
export function Amount({ account, locale }: { account: UserAccount; locale: string }) {
  const { text, unit } = displayAmount(account.amount_cents, account.currency, locale)
  return (
    <>
      <span>{text}</span> <span className={styles.unit}>{unit}</span>
    </>
  )
}
