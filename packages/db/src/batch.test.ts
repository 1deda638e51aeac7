import { describe, expect, it } from 'vitest'
import { Batcher } from './batch.ts'

/** A write that finishes when the test says so. */
function controlledWrites() {
  const calls: Array<{ items: number[]; done: (error?: Error) => void }> = []
  const write = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({ items, done: (error) => (error ? reject(error) : resolve(items.map((n) => n * 10))) })
    })
  return { calls, write }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('the group-commit batcher', () => {
  it('writes at once when idle, and groups what arrives meanwhile into the next statement', async () => {
    const { calls, write } = controlledWrites()
    const batcher = new Batcher(write)
    const answered: number[] = []
    const first = batcher.add(1).then(() => answered.push(1))
    await tick()
    expect(calls.map((c) => c.items)).toEqual([[1]])
    const rest = [2, 3, 4].map((n) => batcher.add(n).then(() => answered.push(n)))
    await tick()
    // Nothing else is written while the first statement runs, and no one is answered before it commits.
    expect(calls).toHaveLength(1)
    expect(answered).toEqual([])
    calls[0]!.done()
    await first
    await tick()
    expect(answered).toEqual([1])
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]])
    calls[1]!.done()
    await Promise.all(rest)
    expect(answered).toEqual([1, 2, 3, 4])
    // Idle again: the next write goes at once, alone.
    void batcher.add(5)
    await tick()
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5]])
  })

  it('fails exactly the writes of a failed statement, and goes on with the next ones', async () => {
    const { calls, write } = controlledWrites()
    const batcher = new Batcher(write, { maxBatch: 2 })
    const results = [1, 2, 3, 4, 5].map((n) =>
      batcher.add(n).then(
        (result) => result,
        (error: unknown) => (error as Error).message,
      ),
    )
    await tick()
    expect(calls.map((c) => c.items)).toEqual([[1]])
    calls[0]!.done()
    await tick()
    // At most two per statement.
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3]])
    calls[1]!.done(new Error('deadlock detected'))
    await tick()
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5]])
    calls[2]!.done()
    expect(await Promise.all(results)).toEqual([10, 'deadlock detected', 'deadlock detected', 40, 50])
  })

  it('runs up to `concurrency` statements at once, each with what came while the others ran', async () => {
    const { calls, write } = controlledWrites()
    const batcher = new Batcher(write, { concurrency: 2 })
    const results = [1, 2, 3, 4].map((n) => batcher.add(n))
    await tick()
    // Two statements at once, each alone while the other runs; 3 and 4 wait for one to finish.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]])
    const more = [5, 6].map((n) => batcher.add(n))
    await tick()
    expect(calls).toHaveLength(2)
    calls[1]!.done()
    await tick()
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5, 6]])
    calls[0]!.done()
    calls[2]!.done()
    expect(await Promise.all([...results, ...more])).toEqual([10, 20, 30, 40, 50, 60])
  })
})
