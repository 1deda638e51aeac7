import { TIMING } from '@aurum/shared'

/**
 * Registers the service worker at /sw.js after the page has loaded (never in development, where
 * assets change with every edit) and checks for a new one every TIMING.serviceWorkerUpdateMs (spec §4).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        setInterval(() => {
          registration.update().catch(() => undefined)
        }, TIMING.serviceWorkerUpdateMs)
      })
      .catch(() => undefined)
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
