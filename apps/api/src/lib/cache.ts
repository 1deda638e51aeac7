/**
 * A bounded map of values that expire, where concurrent misses for one key share a
 * single load (no stampede when a popular entry expires under load). Used for reference
 * data and CMS content, public start-up data of server renders, and guest pages.
 *
 * `drop` forgets entries when the data behind them changes (lib/cache-bus.ts carries the news to
 * every node). A load that started before a drop may have read the old rows: its value is handed
 * to the callers already waiting for it, but never kept, and a caller that comes after the drop
 * starts a load of its own.
 */
export class ExpiringCache<T = unknown> {
  private entries = new Map<string, { expires: number; value: T }>()
  private loading = new Map<string, Promise<T>>()
  /** Counts drops: a load keeps its value only if no drop came while it ran. */
  private generation = 0

  constructor(
    private ttlMs: number,
    private maxEntries: number,
    private now: () => number = Date.now,
  ) {}

  async get<V extends T>(
    key: string,
    load: () => Promise<V>,
    cacheable: (value: V) => boolean = () => true,
  ): Promise<V> {
    const now = this.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value as V
    const pending = this.loading.get(key)
    if (pending) return pending as Promise<V>
    const generation = this.generation
    const promise: Promise<V> = load()
      .then((value) => {
        if (this.ttlMs > 0 && generation === this.generation && cacheable(value)) this.set(key, value, now)
        return value
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key)
      })
    this.loading.set(key, promise)
    return promise
  }

  private set(key: string, value: T, now: number) {
    this.entries.delete(key)
    this.entries.set(key, { expires: now + this.ttlMs, value })
    // Maps iterate in insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  /** Forgets the entries whose keys start with one of the prefixes (all of them without prefixes). */
  drop(prefixes?: readonly string[]): void {
    this.generation++
    if (!prefixes) {
      this.entries.clear()
      this.loading.clear()
      return
    }
    for (const map of [this.entries, this.loading]) {
      for (const key of map.keys()) {
        if (prefixes.some((prefix) => key.startsWith(prefix))) map.delete(key)
      }
    }
  }
}
