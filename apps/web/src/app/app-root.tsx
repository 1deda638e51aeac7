import { StrictMode, useEffect, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { ServicesProvider, type AppServices } from '../lib/services.tsx'
import '../styles/global.css'

/** Marks the document once the app has hydrated (browser tests wait for it, not for a quiet network). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}

export function AppRoot({
  services,
  i18n,
  children,
}: {
  services: AppServices
  i18n: I18n
  children: ReactNode
}) {
  return (
    <StrictMode>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <I18nextProvider i18n={i18n}>
            {children}
            <HydrationMark />
          </I18nextProvider>
        </QueryClientProvider>
      </ServicesProvider>
    </StrictMode>
  )
}
