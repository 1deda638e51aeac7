import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { z } from 'zod'

/** argon2id with the OWASP minimum: 19 MiB of memory, 2 iterations, 1 lane. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))

/** Refused when it is one of the ~49,000 most common passwords (zxcvbn-ts list). */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase())
}

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((p) => !isCommonPassword(p), 'validation.common_password')

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only')
  return dummyHash
}
