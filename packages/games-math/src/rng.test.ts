import { describe, expect, it } from 'vitest'
import { Rng, rejectionLimit, type ByteSource } from './rng.ts'
import { seededSource } from './seeded-source.ts'

/** A source that plays back 32-bit words (big-endian), then fails loudly. */
function words(values: number[]): ByteSource {
  const bytes = new Uint8Array(values.length * 4)
  const view = new DataView(bytes.buffer)
  values.forEach((value, i) => view.setUint32(i * 4, value))
  let offset = 0
  return {
    bytes(n: number): Uint8Array {
      // The Rng reads ahead in 32-byte chunks; past the scripted words it gets zeros it must not need.
      const out = new Uint8Array(n)
      out.set(bytes.subarray(offset, offset + n))
      offset += n
      return out
    },
  }
}

describe('Rng.int', () => {
  it('rejects exactly the draws at or above the largest multiple of n', () => {
    expect(rejectionLimit(3)).toBe(4_294_967_295) // 2^32 = 3 × 1,431,655,765 + 1
    expect(rejectionLimit(37)).toBe(2 ** 32 - (2 ** 32 % 37))
    expect(rejectionLimit(2 ** 32)).toBe(2 ** 32)
    expect(rejectionLimit(2 ** 31)).toBe(2 ** 32)
    // For n = 37 the limit is 4,294,967,289: 4,294,967,288 is the last accepted value.
    const limit = rejectionLimit(37)
    const rng = new Rng(words([limit, limit + 6, limit - 1]))
    expect(rng.int(37)).toBe((limit - 1) % 37)
    expect(rng.draws).toBe(3)
  })

  it('never lets the maximal 32-bit value through when n does not divide 2^32', () => {
    const rng = new Rng(words([0xffffffff, 0xffffffff, 0xffffffff, 5]))
    expect(rng.int(3)).toBe(2) // 5 % 3, after three rejections
    expect(rng.draws).toBe(4)
    const power = new Rng(words([0xffffffff]))
    expect(power.int(2 ** 32)).toBe(0xffffffff)
    expect(power.int(1)).toBe(0)
    expect(power.draws).toBe(1)
  })

  it('is uniform: chi-square on n = 7 over 70,000 draws', () => {
    const rng = new Rng(seededSource(1))
    const counts = new Array<number>(7).fill(0)
    const draws = 70_000
    for (let i = 0; i < draws; i++) counts[rng.int(7)]!++
    const expected = draws / 7
    const chi = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0)
    // 6 degrees of freedom: P(chi² > 22.46) = 0.001.
    expect(chi).toBeLessThan(22.46)
  })

  it('maps a uniform word stream onto 0..n-1 without bias (exhaustive over a tiny domain)', () => {
    // Feed every value of a small range that is a whole multiple of n below the limit: each result equally often.
    const n = 10
    const values = Array.from({ length: 1000 }, (_, i) => i)
    const rng = new Rng(words(values))
    const counts = new Array<number>(n).fill(0)
    for (let i = 0; i < values.length; i++) counts[rng.int(n)]!++
    expect(counts).toEqual(new Array<number>(n).fill(100))
  })

  it('refuses n outside 1..2^32', () => {
    const rng = new Rng(seededSource(2))
    expect(() => rng.int(0)).toThrow(RangeError)
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError)
    expect(() => rng.int(2.5)).toThrow(RangeError)
  })
})

describe('Rng.shuffle', () => {
  it('gives every permutation of 4 items about equally often', () => {
    const rng = new Rng(seededSource(3))
    const counts = new Map<string, number>()
    const rounds = 48_000
    for (let i = 0; i < rounds; i++) {
      const key = rng.shuffle(['a', 'b', 'c', 'd']).join('')
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    expect(counts.size).toBe(24)
    const expected = rounds / 24
    const chi = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0)
    // 23 degrees of freedom: P(chi² > 49.73) = 0.001.
    expect(chi).toBeLessThan(49.73)
  })

  it('shuffles in place with one draw per position after the first, last index first', () => {
    // Draws: i = 2 takes int(3), i = 1 takes int(2).
    const rng = new Rng(words([0, 1]))
    const items = [1, 2, 3]
    expect(rng.shuffle(items)).toBe(items)
    expect(items).toEqual([3, 2, 1])
    expect(rng.draws).toBe(2)
  })
})
