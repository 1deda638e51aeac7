// `npm run -s rng:stream | dieharder -a -g 200`: the production RNG's raw bytes on stdout, forever.
//
// Default: cryptoSource (node:crypto, in the 4 KiB refills the game server uses), read through
// Rng.uint32 exactly as a game draws (each draw written back as its 4 big-endian bytes, which are the
// source's bytes in order). `--fair`: the provably fair HMAC-SHA256 stream instead, one round
// per nonce (nonce 0, 1, 2, …, FAIR_BYTES_PER_NONCE bytes each, default 64 = two HMAC blocks) on a
// fixed server and client seed, which is how consecutive rounds of one player consume it.
// A closed pipe (dieharder finished, `head` had enough) ends the process quietly.
import { cryptoSource } from '../packages/games-math/src/crypto-source.node.ts'
import { fairSource } from '../packages/games-math/src/fair.ts'
import { Rng } from '../packages/games-math/src/rng.ts'

const CHUNK = 64 * 1024
const fair = process.argv.includes('--fair')
const perNonce = Number(process.env.FAIR_BYTES_PER_NONCE ?? 64)
if (!Number.isSafeInteger(perNonce) || perNonce < 4 || perNonce % 4 !== 0) {
  throw new Error('FAIR_BYTES_PER_NONCE must be a positive multiple of 4')
}

function cryptoChunks(): () => Uint8Array {
  const rng = new Rng(cryptoSource())
  return () => {
    const out = new DataView(new ArrayBuffer(CHUNK))
    for (let i = 0; i < CHUNK; i += 4) out.setUint32(i, rng.uint32())
    return new Uint8Array(out.buffer)
  }
}

function fairChunks(): () => Uint8Array {
  let nonce = 0
  let rng = new Rng(fairSource('rng-stream server seed', 'rng-stream client seed', nonce))
  let used = 0
  return () => {
    const out = new DataView(new ArrayBuffer(CHUNK))
    for (let i = 0; i < CHUNK; i += 4) {
      if (used === perNonce) {
        nonce++
        rng = new Rng(fairSource('rng-stream server seed', 'rng-stream client seed', nonce))
        used = 0
      }
      out.setUint32(i, rng.uint32())
      used += 4
    }
    return new Uint8Array(out.buffer)
  }
}

const next = fair ? fairChunks() : cryptoChunks()

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

function pump(): void {
  while (process.stdout.write(next())) {
    // keep writing until the pipe's buffer is full
  }
  process.stdout.once('drain', pump)
}

pump()
