import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ONRAMP_SUBMIT_RETRY_MS, submitWhenReady, type OnrampWidgetHandle } from './submit-when-ready.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the on-ramp submit', () => {
  it('submits at once when the widget has loaded', async () => {
    const submit = vi.fn(() => Promise.resolve())
    await expect(submitWhenReady(() => ({ submit }), new AbortController().signal)).resolves.toBe(true)
    expect(submit).toHaveBeenCalledTimes(1)
  })

  it('retries every second until the widget has loaded, then submits once', async () => {
    expect(ONRAMP_SUBMIT_RETRY_MS).toBe(1000)
    const page: { widget?: OnrampWidgetHandle } = {}
    const submit = vi.fn(() => Promise.resolve())
    const asked = vi.fn(() => page.widget)
    const done = submitWhenReady(asked, new AbortController().signal)
    expect(asked).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(asked).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(asked).toHaveBeenCalledTimes(4)
    expect(submit).not.toHaveBeenCalled()
    page.widget = { submit }
    await vi.advanceTimersByTimeAsync(1000)
    await expect(done).resolves.toBe(true)
    expect(submit).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5000)
    expect(asked).toHaveBeenCalledTimes(5)
  })

  it('stops retrying when the modal closes, and passes the widget’s failure on', async () => {
    const controller = new AbortController()
    const asked = vi.fn(() => undefined)
    const done = submitWhenReady(asked, controller.signal)
    await vi.advanceTimersByTimeAsync(1000)
    controller.abort()
    await expect(done).resolves.toBe(false)
    await vi.advanceTimersByTimeAsync(5000)
    expect(asked).toHaveBeenCalledTimes(2)

    const failing = { submit: () => Promise.reject(new Error('declined')) }
    await expect(submitWhenReady(() => failing, new AbortController().signal)).rejects.toThrow('declined')
  })
})
