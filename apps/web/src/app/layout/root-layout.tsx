import { Outlet } from 'react-router'
import { useTranslation } from '../../lib/translation.tsx'
import { GlobalPreloader } from '../../components/preloader/global-preloader.tsx'
import { ModalHost } from '../../components/modal/modal-host.tsx'
import { ToastArea } from '../../components/toast/toast-area.tsx'
import { Notices } from '../../components/notices/notices.tsx'
import { NavigationEffects } from '../navigation-effects.tsx'
import { AccountEffects } from '../../features/account/components/account-effects.tsx'
import { PaymentReturn } from '../../features/cashbox/components/payment-return.tsx'
import { PaymentNotices } from '../../features/cashbox/components/payment-notices.tsx'
import { BalanceSync } from '../../features/wallet/components/balance-sync.tsx'
import { RealtimeEffects } from '../realtime-effects.tsx'
import { SeoManager } from '../seo-manager.tsx'
import { Header } from './header.tsx'
import { Footer } from './footer.tsx'
import { GameSessionProvider } from '../../features/games/components/game-session.tsx'
import { GameFrameSlot } from '../../features/games/components/game-frame-slot.tsx'
import styles from './layout.module.css'

/** The app shell (spec §2): router view, modal controller, preloader, toasts, notices. */
export function RootLayout() {
  const { t } = useTranslation()
  return (
    <GameSessionProvider>
      <a href="#main" className={styles.skip}>
        {t('common.skip_to_content')}
      </a>
      <GlobalPreloader />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ModalHost />
      <ToastArea />
      <Notices />
      <NavigationEffects />
      <AccountEffects />
      <PaymentReturn />
      <RealtimeEffects />
      <BalanceSync />
      <PaymentNotices />
      <SeoManager />
      <GameFrameSlot />
    </GameSessionProvider>
  )
}
