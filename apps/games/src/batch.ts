/**
 * Group commit: writes asked for while one is under way go together in the next statement, and
 * each caller is answered once the statement holding its write has committed (or failed). Nothing
 * waits for company: an idle batcher writes at once, so a quiet server pays no latency and a busy
 * one pays one statement, one round trip and one commit for many writes. docs/games.md
 * "bench:games".
 */
export class Batcher<T> {
  private queue: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = []
  private busy = false

  constructor(
    private write: (items: T[]) => Promise<void>,
    private maxBatch = 200,
  ) {}

  /** Resolves once `item` is written; rejects with the error of the statement that held it. */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      if (!this.busy) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.busy = true
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch)
      try {
        await this.write(batch.map((b) => b.item))
        for (const b of batch) b.resolve()
      } catch (error) {
        for (const b of batch) b.reject(error)
      }
    }
    this.busy = false
  }
}
