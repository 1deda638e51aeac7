import { CONTENT_IMAGE_TYPES } from '@aurum/shared/contracts/admin-content'
import { AppError } from '../../lib/errors.ts'

export type ImageType = (typeof CONTENT_IMAGE_TYPES)[number]

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)

/**
 * What an SVG may not hold: it is served from the casino's own origin, so anything that runs
 * (scripts, event handlers, `javascript:` links), embeds other documents or fetches from elsewhere
 * (external references, entities) is refused rather than cleaned: the operator fixes the file.
 */
const SVG_UNSAFE = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|handler|listener)\b/i,
  /<!\s*(ENTITY|DOCTYPE)/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /@import/i,
  // A reference to anything but a fragment of the same file or an inline image.
  /\b(xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(png|jpeg|webp|gif);)/i,
  /url\(\s*["']?\s*(?!#|data:image\/(png|jpeg|webp|gif);)/i,
]

/** An SVG document: text whose first element is `<svg` (after an XML declaration and comments). */
function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>)?(\s*<!--[\s\S]*?-->)*\s*/, '')
  return /^<svg[\s>]/.test(rest)
}

/**
 * The type of an image, recognised by its first bytes (never by what the upload claims): PNG, JPEG,
 * WebP, or an SVG with nothing active in it. Anything else is a field error of `file`.
 */
export function checkImage(bytes: Buffer): ImageType {
  if (!bytes.length) throw new AppError('validation_failed', 422, { file: ['validation.file_empty'] })
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp'
  if (isSvg(bytes)) {
    const text = bytes.toString('utf8')
    if (SVG_UNSAFE.some((pattern) => pattern.test(text)))
      throw new AppError('validation_failed', 422, { file: ['validation.svg_unsafe'] })
    return 'image/svg+xml'
  }
  throw new AppError('validation_failed', 422, { file: ['validation.image_type'] })
}
