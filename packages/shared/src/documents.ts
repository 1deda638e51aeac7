/**
 * Player verification (KYC) documents (spec §2 /users/verification, api-shapes §9 IDocument): the
 * kinds, the statuses, the file types accepted and how they are recognised, and the overall state.
 * The api enforces these rules and the web page checks a file with the same ones before sending it.
 *
 * A file's type is read from its first bytes (its "magic number"), never from its name or the
 * content type the browser declared: PDF, JPEG, PNG and WebP, the formats of a scan or a phone
 * photo of a document. HEIC (iPhone photos) is not accepted: browsers cannot show it, and iOS
 * converts it to JPEG when a photo is picked for upload.
 */

export const DOCUMENT_TYPES = ['identity', 'address', 'deposit', 'payment_method'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** `not_approved` is waiting for review (the platform's name for it). */
export const DOCUMENT_STATUSES = ['not_approved', 'approved', 'rejected'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/** What the page shows per kind: nothing sent, waiting, approved, or only rejected ones. */
export type DocumentKindState = 'missing' | 'waiting' | 'approved' | 'rejected'

/** Kinds whose approval makes a profile verified. */
export const VERIFYING_DOCUMENT_TYPES: readonly DocumentType[] = ['identity', 'address']

export const DESCRIPTION_MAX_LENGTH = 500
export const FILE_NAME_MAX_LENGTH = 255
export const DEFAULT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024

export const ACCEPTED_FILE_TYPES = {
  'application/pdf': { extension: 'pdf', extensions: ['pdf'] },
  'image/jpeg': { extension: 'jpg', extensions: ['jpg', 'jpeg', 'jfif'] },
  'image/png': { extension: 'png', extensions: ['png'] },
  'image/webp': { extension: 'webp', extensions: ['webp'] },
} as const
export type DocumentContentType = keyof typeof ACCEPTED_FILE_TYPES
export const DOCUMENT_CONTENT_TYPES = Object.keys(ACCEPTED_FILE_TYPES) as DocumentContentType[]

/** A size limit as both sides write it in messages: 10485760 → "10 MB". */
export const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** Bytes `detectFileType` needs to see. */
export const SNIFF_BYTES = 12

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0))

/** The accepted type a file's first bytes show, or undefined. */
export function detectFileType(bytes: Uint8Array): DocumentContentType | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return undefined
}

/**
 * The player's file name made safe to store and to send back in Content-Disposition: the last
 * path segment only, no control or reserved characters, at most 255 characters, and an extension
 * that matches the type found in the file.
 */
export function sanitizeFileName(name: string | undefined, type: DocumentContentType): string {
  const { extension, extensions } = ACCEPTED_FILE_TYPES[type]
  const last = (name ?? '').normalize('NFC').split(/[/\\]/).pop() ?? ''
  const cleaned = last
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : ''
  const base = (extensions as readonly string[]).includes(ext) ? cleaned.slice(0, dot) : cleaned || 'document'
  const suffix = `.${(extensions as readonly string[]).includes(ext) ? ext : extension}`
  return (
    Array.from(base || 'document')
      .slice(0, FILE_NAME_MAX_LENGTH - suffix.length)
      .join('') + suffix
  )
}

/** The state of each kind from the player's documents: any approved one wins, then a waiting one. */
export function documentKinds(
  documents: ReadonlyArray<{ document_type: DocumentType; status: DocumentStatus }>,
): Record<DocumentType, DocumentKindState> {
  const state = (type: DocumentType): DocumentKindState => {
    const of = documents.filter((d) => d.document_type === type)
    if (of.some((d) => d.status === 'approved')) return 'approved'
    if (of.some((d) => d.status === 'not_approved')) return 'waiting'
    return of.length ? 'rejected' : 'missing'
  }
  return Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, state(t)])) as Record<
    DocumentType,
    DocumentKindState
  >
}

/** Verified: an approved identity document and an approved proof of address. */
export const isVerifiedBy = (kinds: Record<DocumentType, DocumentKindState>) =>
  VERIFYING_DOCUMENT_TYPES.every((t) => kinds[t] === 'approved')
