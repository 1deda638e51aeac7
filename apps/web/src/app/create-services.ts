import { QueryClient } from '@tanstack/react-query'
import { TIMING } from '@aurum/shared'
import { ModalController } from '../components/modal/modal-store.ts'
import { ToastController } from '../components/toast/toast-store.ts'
import { LoadingTracker } from '../components/preloader/loading-store.ts'
import { createHttpClient, type Transport } from '../lib/http/client.ts'
import { BROWSER_RETRY } from '../lib/http/retry.ts'
import { createLogger, loadErrorLabel } from '../lib/logger.ts'
import { RealtimeHub } from '../lib/realtime/hub.ts'
import { NavigationHistory, type AppEnv, type AppServices } from '../lib/services.tsx'

export interface ServiceOptions {
  env: AppEnv
  transport: Transport
  isSsr: boolean
  onUnauthorized?: () => void
}

/** One set of services per server render, one for the browser's lifetime. */
export function createServices({ env, transport, isSsr, onUnauthorized }: ServiceOptions): AppServices {
  // The logger sends through the client it logs for, so the client refers to it lazily.
  const deferred: { logger?: AppServices['logger'] } = {}
  const http = createHttpClient({
    // The server renders through an in-process transport; the browser talks to its own origin.
    baseUrl: '',
    transport,
    timeoutMs: isSsr ? TIMING.httpServerTimeoutMs : TIMING.httpBrowserTimeoutMs,
    retry: isSsr ? undefined : BROWSER_RETRY,
    onUnauthorized: onUnauthorized && (() => onUnauthorized()),
    onError: (error) => {
      // Telemetry calls do not log their own failures.
      if (!/\/(log|performance|network-performance)$/.test(error.config.url)) {
        deferred.logger?.log('error', loadErrorLabel(error.config.url), error)
      }
    },
  })
  const logger = createLogger(http, isSsr)
  deferred.logger = logger
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  })
  return {
    env,
    http,
    queryClient,
    modals: new ModalController(),
    toasts: new ToastController(),
    loading: new LoadingTracker(),
    logger,
    realtime: new RealtimeHub({ http, logger }),
    navigation: new NavigationHistory(),
  }
}
