/**
 * A bounded map of values that expire, where concurrent misses for one key share a
 * single load (no stampede when a popular entry expires under load). Used for reference
 * data and CMS content, public start-up data of server renders, and guest pages.
 */
export class ExpiringCache<T = unknown> {
  private entries = new Map<string, { expires: number; value: T }>()
  private loading = new Map<string, Promise<T>>()

  constructor(
    private ttlMs: number,
    private maxEntries: number,
  ) {}

  async get<V extends T>(
    key: string,
    load: () => Promise<V>,
    cacheable: (value: V) => boolean = () => true,
  ): Promise<V> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value as V
    const pending = this.loading.get(key)
    if (pending) return pending as Promise<V>
    const promise = load()
      .then((value) => {
        if (this.ttlMs > 0 && cacheable(value)) this.set(key, value, now)
        return value
      })
      .finally(() => this.loading.delete(key))
    this.loading.set(key, promise)
    return promise
  }

  private set(key: string, value: T, now: number) {
    this.entries.delete(key)
    this.entries.set(key, { expires: now + this.ttlMs, value })
    // Maps iterate in insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  clear(): void {
    this.entries.clear()
  }
}
