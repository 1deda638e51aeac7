/**
 * Group commit: writes asked for while one is under way go together in the next statement, and
 * each caller is answered once the statement holding its write has committed (or failed). Nothing
 * waits for company: an idle batcher writes at once, so a quiet server pays no latency and a busy
 * one pays one statement, one round trip and one commit for many writes (docs/games.md
 * "bench:games").
 */
export class Batcher<T, R = void> {
  private queue: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = []
  private inFlight = 0

  /**
   * `write` answers each item's result, in order. `concurrency` statements may run at once (1 by
   * default: writes that could wait on each other's rows in different orders must not).
   */
  constructor(
    private write: (items: T[]) => Promise<R[]>,
    private options: { maxBatch?: number; concurrency?: number } = {},
  ) {}

  /** Resolves with the item's result once it is written; rejects with its statement's error. */
  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      this.pump()
    })
  }

  private pump(): void {
    while (this.queue.length && this.inFlight < (this.options.concurrency ?? 1)) {
      this.inFlight++
      void this.run(this.queue.splice(0, this.options.maxBatch ?? 200))
    }
  }

  private async run(batch: typeof this.queue): Promise<void> {
    try {
      const results = await this.write(batch.map((b) => b.item))
      batch.forEach((b, i) => b.resolve(results[i]!))
    } catch (error) {
      for (const b of batch) b.reject(error)
    } finally {
      this.inFlight--
      this.pump()
    }
  }
}
