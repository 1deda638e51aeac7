/**
 * A bounded map that forgets its oldest entries: what a node remembers of recent players and
 * sessions to save a database read (a Map iterates in insertion order; a set moves a key last).
 */
export class RecentMap<K, V> {
  private entries = new Map<K, V>()

  constructor(private limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key)
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!)
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}
