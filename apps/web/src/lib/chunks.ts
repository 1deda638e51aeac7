import { TIMING } from '@aurum/shared'
import type { Logger } from './logger.ts'

export class ChunkLoadError extends Error {
  code: string
  constructor(message: string, code = 'CHUNK_LOAD_FAILED') {
    super(message)
    this.name = 'ChunkLoadError'
    this.code = code
  }
}

/** A lazily loaded bundle fails with ChunkLoadError when it has not arrived within 120 s (spec §8). */
export function loadChunk<T>(
  factory: () => Promise<T>,
  timeoutMs: number = TIMING.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk failed: timeout after ${timeoutMs} ms`)),
      timeoutMs,
    )
    factory().then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)))
      },
    )
  })
}

const RELOADED_KEY = 'chunk_reload_at'

/**
 * A chunk that fails to load usually means a new release replaced the files: log it
 * (CSS_CHUNK_LOAD_FAILED for stylesheets) and reload once to pick up the new build.
 */
export function watchChunkErrors(logger: Logger): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: Error }).payload
    const css = /\.css/.test(payload?.message ?? '')
    const error = new ChunkLoadError(
      payload?.message ?? 'chunk failed',
      css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED',
    )
    logger.log('error', error.code, error)
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0)
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()))
      event.preventDefault()
      window.location.reload()
    }
  })
}
