import { describe, expect, it } from 'vitest'
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib'
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/sha'
import { deriveKey } from './derive-key.ts'

const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))

describe('the browser key derivation', () => {
  it.each([1, 2, 5])('derives the keys of altcha-lib for SHA-256 with cost %i', async (cost) => {
    for (let i = 0; i < 20; i++) {
      const parameters = {
        algorithm: 'SHA-256',
        nonce: '',
        salt: '',
        cost,
        keyLength: i % 2 ? 32 : 16,
        keyPrefix: '00',
      }
      const salt = bytes(16)
      const password = bytes(20)
      const mine = await deriveKey(parameters, salt, password)
      const theirs = await nodeDeriveKey(parameters, salt, password)
      expect(Buffer.from(mine.derivedKey).toString('hex')).toBe(
        Buffer.from(theirs.derivedKey).toString('hex'),
      )
    }
  })

  it('solves a server challenge that the server then verifies', async () => {
    const secrets = { hmacSignatureSecret: 'signature-secret', hmacKeySignatureSecret: 'key-secret' }
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3_000,
      deriveKey: nodeDeriveKey,
      ...secrets,
    })
    const solution = await solveChallenge({ challenge, deriveKey })
    expect(solution?.counter).toBe(3_000)
    const result = await verifySolution({
      challenge,
      solution: solution!,
      deriveKey: nodeDeriveKey,
      ...secrets,
    })
    expect(result.verified).toBe(true)
  })

  it('refuses other algorithms', async () => {
    const parameters = { algorithm: 'SHA-512', nonce: '', salt: '', cost: 1, keyLength: 32, keyPrefix: '00' }
    await expect(deriveKey(parameters, bytes(4), bytes(4))).rejects.toThrow(/SHA-512/)
  })
})
