import { TIMING } from '@aurum/shared'
import { createStore, type Store } from '../../lib/store.ts'

/** Modal flags (spec §3). */
export interface ModalFlags {
  mobileFriendly?: boolean
  showClose?: boolean
  fullScreen?: boolean
  fullScreenMobile?: boolean
  bottomSide?: boolean
  blockCloseOnOverlay?: boolean
  /** Ask before closing, unless the close is immediate. */
  confirmClose?: boolean
}

export interface ModalEntry {
  name: string
  /** A new number each time the modal opens afresh (a modal reopened while closing starts over). */
  id?: number
  props: Record<string, unknown>
  flags: ModalFlags
  /** The overlay is fading out; the entry leaves the stack after the close delay. */
  closing: boolean
}

export interface ModalState {
  stack: ModalEntry[]
  /** Name of the modal whose close waits for the player's confirmation. */
  confirming: string | null
}

export interface CloseOptions {
  immediate?: boolean
}

/**
 * The modal controller (spec §2, §4): modals are stacked by name, one per name;
 * opening a name that is open replaces its props and brings it to the top. Closing
 * hides the overlay after 500 ms unless immediate; modals flagged confirmClose ask first.
 */
export class ModalController {
  readonly store: Store<ModalState> = createStore<ModalState>({ stack: [], confirming: null })
  private timers = new Map<string, ReturnType<typeof setTimeout>>()
  private opened = 0

  constructor(private delayMs: number = TIMING.modalCloseDelayMs) {}

  get stack(): ModalEntry[] {
    return this.store.get().stack
  }

  isOpen(name: string): boolean {
    return this.stack.some((m) => m.name === name && !m.closing)
  }

  open(name: string, props: Record<string, unknown> = {}, flags: ModalFlags = {}): void {
    this.cancelTimer(name)
    const current = this.stack.find((m) => m.name === name)
    const id = current && !current.closing ? current.id : ++this.opened
    const rest = this.stack.filter((m) => m.name !== name)
    this.store.set({
      stack: [...rest, { name, id, props, flags: { showClose: true, ...flags }, closing: false }],
      confirming: this.store.get().confirming === name ? null : this.store.get().confirming,
    })
  }

  close(name: string, { immediate = false }: CloseOptions = {}): void {
    const entry = this.stack.find((m) => m.name === name)
    if (!entry) return
    if (entry.flags.confirmClose && !immediate) {
      this.store.set({ confirming: name })
      return
    }
    this.finishClose(name, immediate)
  }

  /** The player confirmed: the close goes ahead with the usual delay. */
  confirmClose(): void {
    const name = this.store.get().confirming
    if (!name) return
    this.store.set({ confirming: null })
    this.finishClose(name, false)
  }

  cancelClose(): void {
    this.store.set({ confirming: null })
  }

  closeAll({ immediate = false }: CloseOptions = {}): void {
    for (const m of this.stack) this.finishClose(m.name, immediate)
  }

  private finishClose(name: string, immediate: boolean) {
    this.cancelTimer(name)
    if (immediate) {
      this.remove(name)
      return
    }
    this.store.set((s) => ({ stack: s.stack.map((m) => (m.name === name ? { ...m, closing: true } : m)) }))
    this.timers.set(
      name,
      setTimeout(() => this.remove(name), this.delayMs),
    )
  }

  private remove(name: string) {
    this.timers.delete(name)
    this.store.set((s) => ({
      stack: s.stack.filter((m) => m.name !== name),
      confirming: s.confirming === name ? null : s.confirming,
    }))
  }

  private cancelTimer(name: string) {
    const timer = this.timers.get(name)
    if (timer) clearTimeout(timer)
    this.timers.delete(name)
  }
}
