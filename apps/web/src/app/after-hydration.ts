import { reportPerformance } from '../lib/performance.ts'
import { registerServiceWorker } from '../service-worker/register.ts'
import type { HttpClient } from '../lib/http/client.ts'

/** Work that waits for the page's `load` anyway, in a chunk of its own (not in the first JavaScript). */
export function afterHydration(http: HttpClient): void {
  reportPerformance(http)
  registerServiceWorker()
}
