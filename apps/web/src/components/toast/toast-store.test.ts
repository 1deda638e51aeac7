import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastController } from './toast-store.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts', () => {
  it('close by themselves after 10 s', () => {
    const t = new ToastController()
    t.show({ type: 'info', title: 'Hello' })
    vi.advanceTimersByTime(9_999)
    expect(t.toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(t.toasts).toHaveLength(0)
  })

  it('stay until closed when time is 0', () => {
    const t = new ToastController()
    const id = t.show({ type: 'warning', title: 'NOTIFICATIONS.ON_LIMIT_REACHED', time: 0 })
    vi.advanceTimersByTime(60_000)
    expect(t.toasts).toHaveLength(1)
    t.dismiss(id)
    expect(t.toasts).toHaveLength(0)
  })

  it('keep all fields and replace a toast with the same id', () => {
    const t = new ToastController()
    const callback = vi.fn()
    t.show({
      id: 'x',
      type: 'success',
      title: 'A',
      text: 'B',
      image: '/i.svg',
      url: '/support',
      callback,
      time: 3_000,
    })
    t.show({ id: 'x', type: 'success', title: 'C', time: 3_000 })
    expect(t.toasts).toHaveLength(1)
    expect(t.toasts[0]!.title).toBe('C')
    vi.advanceTimersByTime(3_000)
    expect(t.toasts).toHaveLength(0)
  })
})
