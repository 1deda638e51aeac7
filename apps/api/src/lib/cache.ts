/**
 * A small in-memory cache for reference data and CMS content, which change rarely
 * and are read on every server render. Concurrent misses share one load.
 */
export class TtlCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>()

  constructor(private ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value as Promise<T>
    const value = load()
    this.entries.set(key, { expires: now + this.ttlMs, value })
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key))
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}
