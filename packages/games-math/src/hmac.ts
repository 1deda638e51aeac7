/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript, so the provably fair byte stream can be recomputed
 * anywhere (server, browser verifier page, tests) with the same code and no platform crypto API
 * (WebCrypto is asynchronous and absent from some embedded runtimes).
 */

// Int32Array rather than Uint32Array: V8 keeps int32 values unboxed, and the arithmetic is mod 2^32 anyway.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

/** Message schedule, reused between blocks and calls (the code is synchronous, so sharing is safe). */
const W = new Int32Array(64)

function compress(state: Int32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!
    const w2 = W[i - 2]!
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10)
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0
  }
  let a = state[0]!
  let b = state[1]!
  let c = state[2]!
  let d = state[3]!
  let e = state[4]!
  let f = state[5]!
  let g = state[6]!
  let h = state[7]!
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (h + s1 + ch + K[i]! + W[i]!) | 0
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (s0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  state[0] = (state[0]! + a) | 0
  state[1] = (state[1]! + b) | 0
  state[2] = (state[2]! + c) | 0
  state[3] = (state[3]! + d) | 0
  state[4] = (state[4]! + e) | 0
  state[5] = (state[5]! + f) | 0
  state[6] = (state[6]! + g) | 0
  state[7] = (state[7]! + h) | 0
}

/**
 * SHA-256 of the concatenation of the parts, continuing from a state that has already absorbed
 * `absorbed` bytes (a multiple of 64): HMAC reuses the state after its key pad for every message.
 */
function sha256Parts(parts: Uint8Array[], initial: ArrayLike<number> = INITIAL, absorbed = 0): Uint8Array {
  const state = new Int32Array(initial)
  const block = new Uint8Array(64)
  let filled = 0
  let length = absorbed
  for (const part of parts) {
    length += part.length
    let i = 0
    if (filled === 0) {
      for (; i + 64 <= part.length; i += 64) compress(state, part, i)
    }
    while (i < part.length) {
      const take = Math.min(64 - filled, part.length - i)
      block.set(part.subarray(i, i + take), filled)
      filled += take
      i += take
      if (filled === 64) {
        compress(state, block, 0)
        filled = 0
        for (; i + 64 <= part.length; i += 64) compress(state, part, i)
      }
    }
  }
  block.fill(0, filled)
  block[filled] = 0x80
  if (filled >= 56) {
    compress(state, block, 0)
    block.fill(0)
  }
  // The length in bits as a 64-bit big-endian number; messages stay far below 2^53 bits.
  const bits = length * 8
  const high = Math.floor(bits / 0x1_0000_0000)
  block[56] = high >>> 24
  block[57] = high >>> 16
  block[58] = high >>> 8
  block[59] = high
  block[60] = bits >>> 24
  block[61] = bits >>> 16
  block[62] = bits >>> 8
  block[63] = bits
  compress(state, block, 0)
  const out = new Uint8Array(32)
  for (let i = 0; i < 8; i++) {
    const word = state[i]!
    out[i * 4] = word >>> 24
    out[i * 4 + 1] = word >>> 16
    out[i * 4 + 2] = word >>> 8
    out[i * 4 + 3] = word
  }
  return out
}

export function sha256(data: Uint8Array): Uint8Array {
  return sha256Parts([data])
}

/** HMAC-SHA256 (RFC 2104): H((K ^ opad) || H((K ^ ipad) || message)), keys longer than a block hashed first. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmacSha256Keyed(key)(message)
}

/**
 * HMAC-SHA256 with a fixed key: the two key pads are compressed once and their states reused, which
 * halves the work of a long byte stream of short messages (the provably fair source).
 */
export function hmacSha256Keyed(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const padded = new Uint8Array(64)
  padded.set(key.length > 64 ? sha256(key) : key)
  const inner = new Uint8Array(64)
  const outer = new Uint8Array(64)
  for (let i = 0; i < 64; i++) {
    inner[i] = padded[i]! ^ 0x36
    outer[i] = padded[i]! ^ 0x5c
  }
  const innerState = new Int32Array(INITIAL)
  compress(innerState, inner, 0)
  const outerState = new Int32Array(INITIAL)
  compress(outerState, outer, 0)
  return (message) => sha256Parts([sha256Parts([message], innerState, 64)], outerState, 64)
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** Lower-case hexadecimal, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += HEX[byte]!
  return out
}

const encoder = new TextEncoder()

/** UTF-8 bytes of a string (seeds and HMAC messages are text); ASCII, the usual case, without TextEncoder's overhead. */
export function utf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0x80) return encoder.encode(text)
    out[i] = code
  }
  return out
}
