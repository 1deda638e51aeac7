import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { hydrate } from '@tanstack/react-query'
import { COOKIES } from '@aurum/shared'
import { fetchTransport } from '../lib/http/fetch-transport.ts'
import { createI18n, loadMessages } from '../lib/i18n.ts'
import { writeCookie } from '../lib/cookies.ts'
import { storeAttribution } from '../lib/attribution.ts'
import { watchChunkErrors } from '../lib/chunks.ts'
import { AppRoot } from './app-root.tsx'
import { createServices } from './create-services.ts'
import { deserializeErrors, STATE_ELEMENT_ID, type InitialState } from './initial-state.ts'
import { createRoutes } from './routes.tsx'
import { loadDeferredStartup } from './startup.ts'

async function start() {
  const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null') as InitialState
  const { env } = state
  const services = createServices({
    env,
    transport: fetchTransport,
    isSsr: false,
    // Spec §8: a 401 sends the visitor to the login route (in their language and base).
    onUnauthorized: () => window.location.assign(`${env.basename === '/' ? '' : env.basename}/login`),
  })
  hydrate(services.queryClient, state.query)
  const i18n = createI18n(env.locale, await loadMessages(env.locale))
  writeCookie(COOKIES.locale, env.locale, COOKIES.cookiesAcceptedMaxAgeSeconds)
  storeAttribution(window.location.search)

  const router = createBrowserRouter(createRoutes(services), {
    basename: env.basename,
    hydrationData: {
      loaderData: state.router.loaderData,
      actionData: state.router.actionData,
      errors: deserializeErrors(state.router.errors),
    },
  })
  // Routing is ready once lazy routes of the first page are loaded (spec §1: mount when routing is ready).
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((s) => {
        if (s.initialized) {
          unsubscribe()
          resolve()
        }
      })
    })
  }
  // Hydration as a transition: React then hydrates in slices of a few milliseconds and lets the
  // browser paint and answer input between them, where a default-priority hydration is one
  // blocking task (about 60-80 ms on this machine, four times that on a mid-range phone).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('app')!,
      <AppRoot services={services} i18n={i18n} onHydrated={() => afterIdle(startAfterHydration)}>
        <RouterProvider router={router} />
      </AppRoot>,
      {
        onRecoverableError: (error) => services.logger.log('error', 'HYDRATION_ERROR', error),
      },
    )
  })
  watchChunkErrors(services.logger)
  // Not needed by the first render: started once hydration is done and the main thread is idle,
  // each in a task of its own (their answers must not reach components still hydrating either).
  function startAfterHydration() {
    loadDeferredStartup(services)
    // Performance records, the service worker and route preloading on intent, in a chunk of their own.
    afterIdle(
      () =>
        void import('./after-hydration.ts').then(({ afterHydration }) =>
          afterHydration(services.http, router, env.basename),
        ),
    )
  }
}

/** Runs `task` when the main thread is idle (within 2 s), or soon where idle callbacks do not exist. */
function afterIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => task(), { timeout: 2000 })
  else setTimeout(task, 1)
}

void start()
