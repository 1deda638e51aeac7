/** Anything that yields random bytes: the CSPRNG in production, a provably fair HMAC stream, a fake in tests. */
export interface ByteSource {
  /** The next `n` bytes of the stream. The returned view must stay valid (sources never overwrite it). */
  bytes(n: number): Uint8Array
}

const TWO_32 = 0x1_0000_0000
/** Bytes fetched from the source at a time: one HMAC block of the fair source. */
const CHUNK = 32

/**
 * Unbiased integers from a byte source. Every outcome of every game goes through `int`, so the
 * mapping from bytes to outcomes is one documented rule (docs/games.md "RNG"), which is what lets a
 * player recompute a provably fair round.
 */
export class Rng {
  /** 32-bit draws consumed so far (rejected ones included), for tests and verifiers. */
  draws = 0

  private chunk: Uint8Array = new Uint8Array(0)
  private offset = 0

  constructor(private readonly source: ByteSource) {}

  /**
   * The next 32-bit unsigned integer: the next 4 bytes of the stream, big-endian. Bytes are taken
   * from the source 32 at a time (a view per draw would cost more than the draw); the stream read is
   * the same, only fetched ahead by less than one HMAC block.
   */
  uint32(): number {
    if (this.offset === this.chunk.length) {
      this.chunk = this.source.bytes(CHUNK)
      this.offset = 0
    }
    const b = this.chunk
    const i = this.offset
    this.offset = i + 4
    this.draws++
    return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0
  }

  /**
   * Uniform in 0..n-1 for n in 1..2^32. Taking `x % n` of a 32-bit draw would favour small results
   * whenever n does not divide 2^32, so draws at or above the largest multiple of n below 2^32 are
   * rejected and drawn again (at most n-1 values of 2^32 are rejected: less than one draw in two on
   * average even in the worst case). n = 1 needs no draw.
   */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`Rng.int: n must be an integer in 1..2^32, got ${n}`)
    if (n === 1) return 0
    const limit = n < SMALL ? (LIMITS[n] ||= rejectionLimit(n)) : rejectionLimit(n)
    for (;;) {
      const x = this.uint32()
      if (x < limit) return x % n
    }
  }

  /**
   * Fisher–Yates in place: for i from the last index down to 1, swap item i with item int(i + 1).
   * Every permutation is equally likely given an unbiased `int`. Returns the same array.
   */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const item = items[i]!
      items[i] = items[j]!
      items[j] = item
    }
    return items
  }
}

/** Limits of the small n (shuffles, wheels, reel strips), computed once each: the modulo of 2^32 is not free. */
const SMALL = 4096
const LIMITS = new Float64Array(SMALL)

/** The first rejected 32-bit value for `int(n)`: 2^32 minus (2^32 mod n), a multiple of n. */
export function rejectionLimit(n: number): number {
  return TWO_32 - (TWO_32 % n)
}
