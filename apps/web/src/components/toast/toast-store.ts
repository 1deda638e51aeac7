import { TIMING } from '@aurum/shared'
import { createStore, type Store } from '../../lib/store.ts'

/** Toast fields (spec §2). `time` 0 keeps the toast until the player closes it. */
export interface Toast {
  id: string
  type: 'info' | 'success' | 'warning' | 'error'
  title?: string
  text?: string
  image?: string
  time: number
  url?: string
  callback?: () => void
}

export type ToastInput = Partial<Toast> & Pick<Toast, 'type'>

export class ToastController {
  readonly store: Store<{ toasts: Toast[] }> = createStore<{ toasts: Toast[] }>({ toasts: [] })
  private timers = new Map<string, ReturnType<typeof setTimeout>>()
  private seq = 0

  get toasts(): Toast[] {
    return this.store.get().toasts
  }

  /** Shows a toast; the same id replaces an existing one. Auto-closes after 10 s unless time is 0. */
  show(input: ToastInput): string {
    const toast: Toast = { time: TIMING.toastAutoCloseMs, ...input, id: input.id ?? `toast-${++this.seq}` }
    this.clearTimer(toast.id)
    this.store.set((s) => ({ toasts: [...s.toasts.filter((t) => t.id !== toast.id), toast] }))
    if (toast.time > 0)
      this.timers.set(
        toast.id,
        setTimeout(() => this.dismiss(toast.id), toast.time),
      )
    return toast.id
  }

  dismiss(id: string): void {
    this.clearTimer(id)
    this.store.set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  }

  private clearTimer(id: string) {
    const timer = this.timers.get(id)
    if (timer) clearTimeout(timer)
    this.timers.delete(id)
  }
}
