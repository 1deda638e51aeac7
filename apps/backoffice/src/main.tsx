import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { createRouter } from './app/router.tsx'
import { queryClient } from './app/query-client.ts'
import { I18nProvider, loadI18n, preferredLocale } from './lib/i18n.tsx'
import { onSignedOut } from './lib/http.ts'
import './styles/global.css'

async function start() {
  const i18n = await loadI18n(preferredLocale())
  document.title = i18n.t('app.title')
  const router = createRouter()
  // A session that ends (idle timeout, signed out on another tab) sends the member to sign in again,
  // coming back to the screen they were on.
  onSignedOut(() => {
    const { pathname, search } = router.state.location
    // Before the first screen is shown its loaders redirect by themselves; a shown screen leaves
    // first, so that nothing renders the signed-in frame without a member.
    const leave =
      router.state.initialized && pathname !== '/sign-in'
        ? router.navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`)
        : Promise.resolve()
    void leave.then(() => queryClient.setQueryData(['me'], null))
  })
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
