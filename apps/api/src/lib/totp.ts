import { verify } from 'otplib'

/** RFC 6238 as authenticator apps expect it: 30-second steps, 6 digits (SHA-1), one step of skew. */
export const TOTP_PERIOD = 30

export const RFC4648 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Base32 of `bytes` in `alphabet` (RFC 4648 for TOTP secrets), without padding. */
export function base32(bytes: Uint8Array, alphabet = RFC4648): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet.charAt((value >>> (bits - 5)) & 31)
      bits -= 5
    }
  }
  return bits > 0 ? out + alphabet.charAt((value << (5 - bits)) & 31) : out
}

/**
 * Checks a TOTP code against a secret at `now`; answers the time step it matched, refusing steps
 * up to `lastStep` (a code is accepted once), or null.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: bigint | null,
  now: Date,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
    epoch: Math.floor(now.getTime() / 1000),
    ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
  })
  // The functional verify types HOTP and TOTP results together; a TOTP result carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null
}
