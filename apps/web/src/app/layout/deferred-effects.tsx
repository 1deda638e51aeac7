import { AccountEffects } from '../../features/account/components/account-effects.tsx'
import { PaymentReturn } from '../../features/cashbox/components/payment-return.tsx'
import { PaymentNotices } from '../../features/cashbox/components/payment-notices.tsx'
import { BalanceSync } from '../../features/wallet/components/balance-sync.tsx'
import { RealtimeEffects } from '../realtime-effects.tsx'

/**
 * The shell's effects that render nothing and have nothing to do before the page is interactive:
 * forced modals, the return from a payment page, the realtime hub and what it pushes (balances,
 * payment notices). A chunk of their own, loaded once the page has hydrated.
 */
export default function DeferredEffects() {
  return (
    <>
      <AccountEffects />
      <PaymentReturn />
      <RealtimeEffects />
      <BalanceSync />
      <PaymentNotices />
    </>
  )
}
