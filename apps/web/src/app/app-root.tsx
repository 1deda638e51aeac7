import { StrictMode, useEffect, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '../lib/translation.tsx'
import type { I18n } from '../lib/i18n.ts'
import { ServicesProvider, type AppServices } from '../lib/services.tsx'
import '../styles/global.css'

/**
 * Marks the document once the app has hydrated (browser tests wait for it, not for a quiet network)
 * and starts what waits for hydration.
 */
function HydrationMark({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    onHydrated?.()
  }, [onHydrated])
  return null
}

export function AppRoot({
  services,
  i18n,
  children,
  onHydrated,
}: {
  services: AppServices
  i18n: I18n
  children: ReactNode
  /** Called once, after the first commit (hydration in the browser). */
  onHydrated?: () => void
}) {
  return (
    <StrictMode>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <I18nProvider i18n={i18n}>
            {children}
            <HydrationMark onHydrated={onHydrated} />
          </I18nProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </StrictMode>
  )
}
