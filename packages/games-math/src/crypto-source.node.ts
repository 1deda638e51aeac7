import { randomBytes } from 'node:crypto'
import type { ByteSource } from './rng.ts'

const REFILL = 4096

/** A plain Uint8Array over fresh random bytes: its subarrays are cheaper to make than a Buffer's. */
const fresh = (n: number): Uint8Array => {
  const bytes = randomBytes(n)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

/**
 * The production byte source when a round is not played on a provably fair seed: the operating
 * system's CSPRNG through node:crypto. One randomBytes call per 4 KiB rather than per draw keeps a
 * spin's few draws cheap; every refill is a new buffer, so views handed out earlier stay valid.
 */
export function cryptoSource(): ByteSource {
  let buffer: Uint8Array = new Uint8Array(0)
  let offset = 0
  return {
    bytes(n: number): Uint8Array {
      if (n <= buffer.length - offset) {
        offset += n
        return buffer.subarray(offset - n, offset)
      }
      if (n > REFILL) return fresh(n)
      const rest = buffer.length - offset
      if (rest === 0) {
        buffer = fresh(REFILL)
        offset = n
        return buffer.subarray(0, n)
      }
      const out = new Uint8Array(n)
      out.set(buffer.subarray(offset), 0)
      buffer = fresh(REFILL)
      offset = n - rest
      out.set(buffer.subarray(0, offset), rest)
      return out
    },
  }
}
