import crypto from 'node:crypto'

/**
 * A key for one purpose, derived from a master secret (SESSION_SECRET) as HMAC-SHA256 over a
 * fixed label: each purpose gets its own key, no new secret has to be configured or stored,
 * and a key that leaks from one use (a captcha challenge, a realtime token) reveals neither the
 * master secret nor the other keys. Hex, 64 characters.
 */
export function deriveSecret(secret: string, label: string): string {
  return crypto.createHmac('sha256', secret).update(label).digest('hex')
}
