import { createStore, type Store } from '../../lib/store.ts'

/** Loading entries: the global preloader shows while any exists. */
export class LoadingTracker {
  readonly store: Store<{ entries: string[] }> = createStore<{ entries: string[] }>({ entries: [] })

  start(key: string): void {
    if (!this.store.get().entries.includes(key)) this.store.set((s) => ({ entries: [...s.entries, key] }))
  }

  stop(key: string): void {
    this.store.set((s) => ({ entries: s.entries.filter((e) => e !== key) }))
  }

  get active(): boolean {
    return this.store.get().entries.length > 0
  }
}
