import crypto from 'node:crypto'

/** A link or session token: 256 random bits, URL-safe (43 characters). */
export const newToken = () => crypto.randomBytes(32).toString('base64url')

/** Only this SHA-256 of a token is stored, so a database leak does not leak working links. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
