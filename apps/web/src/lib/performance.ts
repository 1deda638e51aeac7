import type { PerformanceRecord } from '@aurum/shared/contracts/telemetry'
import type { HttpClient } from './http/client.ts'

/** What the Network Information API may expose (not in every browser's DOM types). */
interface NetworkInformation {
  rtt?: number
  downlink?: number
  effectiveType?: string
}

/** Page-load timings once after load, and connection info where the browser exposes it (spec §7). */
export function reportPerformance(http: HttpClient): void {
  const send = () => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (!nav) return
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    const round = (v: number) => Math.max(0, Math.round(v))
    http
      .put('/performance', {
        path: location.pathname,
        ttfb: round(nav.responseStart),
        dom_interactive: round(nav.domInteractive),
        dom_content_loaded: round(nav.domContentLoadedEventEnd),
        load: round(nav.loadEventEnd || performance.now()),
        ...(fcp !== undefined ? { first_contentful_paint: round(fcp) } : {}),
        transfer_size: round(nav.transferSize),
      } satisfies PerformanceRecord)
      .catch(() => undefined)
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
    if (
      connection &&
      typeof connection.rtt === 'number' &&
      typeof connection.downlink === 'number' &&
      connection.effectiveType
    ) {
      http
        .put('/network-performance', {
          rtt: connection.rtt,
          downlink: connection.downlink,
          effectiveType: connection.effectiveType,
        })
        .catch(() => undefined)
    }
  }
  if (document.readyState === 'complete') setTimeout(send, 0)
  else window.addEventListener('load', () => setTimeout(send, 0), { once: true })
}
