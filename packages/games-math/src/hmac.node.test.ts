import { createHash, createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hex, hmacSha256, hmacSha256Keyed, sha256, utf8 } from './hmac.ts'

describe('sha256 and hmacSha256 (pure TypeScript)', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(hex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(hex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('matches node:crypto on random inputs around the block boundaries', () => {
    const lengths = [0, 1, 31, 32, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4096]
    for (const length of lengths) {
      const data = randomBytes(length)
      expect(hex(sha256(data)), `sha256 of ${length} bytes`).toBe(
        createHash('sha256').update(data).digest('hex'),
      )
    }
    for (let i = 0; i < 200; i++) {
      const data = randomBytes(Math.floor(Math.random() * 300))
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'))
    }
  })

  it('computes HMAC-SHA256 like node:crypto for short, block-sized and long keys', () => {
    for (const keyLength of [0, 1, 16, 32, 63, 64, 65, 100, 200]) {
      for (let i = 0; i < 20; i++) {
        const key = randomBytes(keyLength)
        const message = randomBytes(Math.floor(Math.random() * 200))
        const expected = createHmac('sha256', key).update(message).digest('hex')
        expect(hex(hmacSha256(key, message))).toBe(expected)
        expect(hex(hmacSha256Keyed(key)(message))).toBe(expected)
      }
    }
  })

  it('matches RFC 4231 test case 2', () => {
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
  })

  it('encodes UTF-8 and hex', () => {
    expect(hex(utf8('€1'))).toBe('e282ac31')
    expect(hex(new Uint8Array([0, 15, 255]))).toBe('000fff')
  })
})
