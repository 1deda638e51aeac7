import { afterEach, describe, expect, it, vi } from 'vitest'
import { TIMING } from '@aurum/shared'
import { registerServiceWorker } from './register.ts'

function stubBrowser() {
  const update = vi.fn(() => Promise.resolve())
  const register = vi.fn(() => Promise.resolve({ update }))
  const listeners: Record<string, () => void> = {}
  vi.stubGlobal('navigator', { serviceWorker: { register } })
  vi.stubGlobal('document', { readyState: 'interactive' })
  vi.stubGlobal('window', { addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) })
  return { register, update, listeners }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.useRealTimers()
})

describe('service worker registration', () => {
  it('registers /sw.js at the root after the load event and checks for a new one every 15 minutes', async () => {
    vi.useFakeTimers()
    vi.stubEnv('PROD', true)
    const { register, update, listeners } = stubBrowser()
    registerServiceWorker()
    expect(register).not.toHaveBeenCalled()
    listeners.load!()
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    await vi.advanceTimersByTimeAsync(TIMING.serviceWorkerUpdateMs - 1)
    expect(update).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(update).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(TIMING.serviceWorkerUpdateMs)
    expect(update).toHaveBeenCalledTimes(2)
    expect(TIMING.serviceWorkerUpdateMs).toBe(15 * 60_000)
  })

  it('does not register in development', () => {
    vi.stubEnv('PROD', false)
    const { register, listeners } = stubBrowser()
    registerServiceWorker()
    expect(listeners.load).toBeUndefined()
    expect(register).not.toHaveBeenCalled()
  })
})
