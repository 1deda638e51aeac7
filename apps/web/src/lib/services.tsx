import { createContext, useContext, type ReactNode } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '@aurum/shared'
import type { ModalController } from '../components/modal/modal-store.ts'
import type { ToastController } from '../components/toast/toast-store.ts'
import type { LoadingTracker } from '../components/preloader/loading-store.ts'
import type { HttpClient } from '../lib/http/client.ts'
import type { Logger } from '../lib/logger.ts'
import type { RealtimeHub } from '../lib/realtime/hub.ts'

/** What the server knows about the visit; handed to the client in the initial state. */
export interface AppEnv {
  locale: Locale
  /** Language that has no URL prefix for this visitor's country. */
  defaultLocale: Locale
  country: string | null
  restricted: boolean
  /** Router basename: `/guest` for restricted-country guests, plus the language prefix. */
  basename: string
  origin: string
  isBot: boolean
}

/** The path before the current one, for the guards' direct-entry rule (undefined on the first page). */
export class NavigationHistory {
  previousPath: string | undefined
  currentPath: string | undefined

  visit(path: string): void {
    if (path === this.currentPath) return
    this.previousPath = this.currentPath
    this.currentPath = path
  }
}

export interface AppServices {
  env: AppEnv
  http: HttpClient
  queryClient: QueryClient
  modals: ModalController
  toasts: ToastController
  loading: LoadingTracker
  logger: Logger
  /** The realtime hub: `websocket.<name>` events and the connection's state (connects in the browser only). */
  realtime: RealtimeHub
  /** Where the visitor came from, for the guards' direct-entry rule (undefined on the first page). */
  navigation: NavigationHistory
}

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices outside ServicesProvider')
  return services
}
