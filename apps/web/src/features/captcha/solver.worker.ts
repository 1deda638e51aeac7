// A Web Worker that searches one interleaved share of the counters (altcha-lib's worker protocol),
// so solving never blocks the page.
import { handler } from 'altcha-lib/workers/shared'
import { deriveKey } from './derive-key.ts'

handler({ deriveKey })
