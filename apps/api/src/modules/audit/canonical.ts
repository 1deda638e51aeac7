import crypto from 'node:crypto'

/**
 * The audit chain in TypeScript, for the verifier: the same canonical text and hash as the
 * database's audit_canonical() and audit_append() (apps/api/src/db/functions), byte for byte.
 *
 * Every field is the text PostgreSQL renders for it (`at` as epoch microseconds, jsonb and inet
 * as ::text), read as such by the verifier's query: JavaScript would lose the microseconds of a
 * Date and could not reproduce jsonb's key order and spacing from a parsed object.
 */
export interface CanonicalEntry {
  id: string
  /** Microseconds since the epoch, as text. */
  atMicros: string
  actorId: string | null
  actorLabel: string
  action: string
  targetType: string | null
  targetId: string | null
  /** jsonb::text */
  before: string | null
  after: string | null
  reason: string | null
  /** inet::text: the address with its mask, 10.0.0.1/32 */
  ip: string | null
  userAgent: string | null
  requestId: string | null
}

/** The previous hash of the first entry. */
export const GENESIS = Buffer.alloc(32)

/** `audit-v1`, then each field as `|<UTF-8 length>:<text>`, or `|~` when NULL (docs/security.md). */
export function canonicalText(entry: CanonicalEntry): string {
  const fields = [
    entry.id,
    entry.atMicros,
    entry.actorId,
    entry.actorLabel,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.before,
    entry.after,
    entry.reason,
    entry.ip,
    entry.userAgent,
    entry.requestId,
  ]
  let text = 'audit-v1'
  for (const field of fields) text += field === null ? '|~' : `|${Buffer.byteLength(field, 'utf8')}:${field}`
  return text
}

/** sha256(prev_hash || canonical bytes). */
export function entryHash(prevHash: Uint8Array, entry: CanonicalEntry): Buffer {
  return crypto.createHash('sha256').update(prevHash).update(canonicalText(entry), 'utf8').digest()
}
