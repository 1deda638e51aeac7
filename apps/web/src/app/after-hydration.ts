import { reportPerformance } from '../lib/performance.ts'
import { registerServiceWorker } from '../service-worker/register.ts'
import type { HttpClient } from '../lib/http/client.ts'
import { preloadRoutesOnIntent } from './route-preload.ts'

/**
 * Work that waits for the page's `load` or a visitor's gesture anyway, in a chunk of its own (not in
 * the first JavaScript): performance records, the service worker, route chunks preloaded on intent.
 */
export function afterHydration(
  http: HttpClient,
  router: Parameters<typeof preloadRoutesOnIntent>[0],
  basename: string,
): void {
  reportPerformance(http)
  registerServiceWorker()
  preloadRoutesOnIntent(router, basename)
}
