import type { ByteSource } from './rng.ts'

/**
 * A fast, seeded, NOT cryptographic byte source (sfc32) for reproducible tests and benchmarks.
 * Never use it for real play: outcomes there come from cryptoSource or fairSource.
 */
export function seededSource(seed: number): ByteSource {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 16; i++) next()
  return {
    bytes(n: number): Uint8Array {
      const out = new Uint8Array(n)
      for (let i = 0; i < n; i += 4) {
        const word = next()
        out[i] = word >>> 24
        if (i + 1 < n) out[i + 1] = word >>> 16
        if (i + 2 < n) out[i + 2] = word >>> 8
        if (i + 3 < n) out[i + 3] = word
      }
      return out
    },
  }
}
