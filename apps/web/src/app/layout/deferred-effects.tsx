import { PaymentReturn } from '../../features/cashbox/components/payment-return.tsx'
import { PaymentNotices } from '../../features/cashbox/components/payment-notices.tsx'
import { BalanceSync } from '../../features/wallet/components/balance-sync.tsx'

/**
 * The shell's effects that render nothing and have nothing to do before the page is interactive:
 * the return from a payment page and what the realtime hub pushes (balances, payment notices). A
 * chunk of their own, loaded once the page has hydrated.
 */
export default function DeferredEffects() {
  return (
    <>
      <PaymentReturn />
      <BalanceSync />
      <PaymentNotices />
    </>
  )
}
