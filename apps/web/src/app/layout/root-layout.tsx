import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from '../../lib/translation.tsx'
import { GlobalPreloader } from '../../components/preloader/global-preloader.tsx'
import { ModalHost } from '../../components/modal/modal-host.tsx'
import { MODALS } from '../modal-registry.ts'
import { ToastArea } from '../../components/toast/toast-area.tsx'
import { Notices } from '../../components/notices/notices.tsx'
import { NavigationEffects } from '../navigation-effects.tsx'
import { SeoManager } from '../seo-manager.tsx'
import { Header } from './header.tsx'
import { Footer } from './footer.tsx'
import { GameSessionProvider } from '../../features/games/components/game-session.tsx'
import { GameFrameSlot } from '../../features/games/components/game-frame-slot.tsx'
import { loadChunk } from '../../lib/chunks.ts'
import styles from './layout.module.css'

const DeferredEffects = lazy(() => loadChunk(() => import('./deferred-effects.tsx')))

/** Renders its children only after hydration (nothing on the server, nothing in the first render). */
function AfterHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null
}

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
      <ModalHost registry={MODALS} />
      <ToastArea />
      <Notices />
      <NavigationEffects />
      <AfterHydration>
        <DeferredEffects />
      </AfterHydration>
      <SeoManager />
      <GameFrameSlot />
    </GameSessionProvider>
  )
}
