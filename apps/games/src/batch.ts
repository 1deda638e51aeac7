/**
 * Group commit: writes asked for while one is under way go together in the next statement, and
 * each caller is answered once the statement holding its write has committed (or failed). Nothing
 * waits for company: an idle batcher writes at once, so a quiet server pays no latency and a busy
 * one pays one statement, one round trip and one commit for many writes (docs/games.md
 * "bench:games").
 */
export class Batcher<T, R = void> {
  private queue: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = []
  private busy = false

  /**
   * `write` answers each item's result, in order. With `keyOf`, a statement holds at most one item
   * per key (the others wait for the next, in the order they came).
   */
  constructor(
    private write: (items: T[]) => Promise<R[]>,
    private options: { maxBatch?: number; keyOf?: (item: T) => string } = {},
  ) {}

  /** Resolves with the item's result once it is written; rejects with its statement's error. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      if (!this.busy) void this.drain()
    })
  }

  private take(): typeof this.queue {
    const max = this.options.maxBatch ?? 200
    const keyOf = this.options.keyOf
    if (!keyOf) return this.queue.splice(0, max)
    const batch: typeof this.queue = []
    const rest: typeof this.queue = []
    const keys = new Set<string>()
    for (const entry of this.queue) {
      const key = keyOf(entry.item)
      if (batch.length < max && !keys.has(key)) {
        keys.add(key)
        batch.push(entry)
      } else rest.push(entry)
    }
    this.queue = rest
    return batch
  }

  private async drain(): Promise<void> {
    this.busy = true
    while (this.queue.length) {
      const batch = this.take()
      try {
        const results = await this.write(batch.map((b) => b.item))
        batch.forEach((b, i) => b.resolve(results[i]!))
      } catch (error) {
        for (const b of batch) b.reject(error)
      }
    }
    this.busy = false
  }
}
