import { hex, hmacSha256Keyed, sha256, utf8 } from './hmac.ts'
import type { ByteSource } from './rng.ts'

/**
 * The provably fair byte stream of one round (DESIGN.md "Games and fairness"): the concatenation of
 * HMAC-SHA256(key = utf8(serverSeed), message = utf8(`${clientSeed}:${nonce}:${cursor}`)) for
 * cursor = 0, 1, 2, … Each block gives 32 bytes; the round reads as many as its draws need, in order.
 */
export function fairSource(serverSeed: string, clientSeed: string, nonce: number): ByteSource {
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new RangeError('fairSource: nonce must be a non-negative integer')
  const mac = hmacSha256Keyed(utf8(serverSeed))
  let cursor = 0
  let block: Uint8Array = new Uint8Array(0)
  let offset = 0
  const next = (): void => {
    block = mac(utf8(`${clientSeed}:${nonce}:${cursor}`))
    cursor++
    offset = 0
  }
  return {
    bytes(n: number): Uint8Array {
      if (offset === block.length) next()
      if (n <= block.length - offset) {
        offset += n
        return block.subarray(offset - n, offset)
      }
      const out = new Uint8Array(n)
      let filled = 0
      while (filled < n) {
        if (offset === block.length) next()
        const take = Math.min(n - filled, block.length - offset)
        out.set(block.subarray(offset, offset + take), filled)
        filled += take
        offset += take
      }
      return out
    },
  }
}

/** What the player sees before playing: the SHA-256 of the server seed, in hex. */
export function serverSeedHash(serverSeed: string): string {
  return hex(sha256(utf8(serverSeed)))
}
