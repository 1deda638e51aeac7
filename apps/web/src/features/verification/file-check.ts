import { detectFileType, formatMegabytes, SNIFF_BYTES } from '@aurum/shared'

export interface FileProblem {
  /** A `validation.*` translation key, the same the server answers with. */
  key: string
  vars?: Record<string, string | number>
}

/**
 * Checks a chosen file as the server will before it is sent: present, not empty, not above the
 * size limit, and a PDF, JPEG, PNG or WebP by its first bytes (not by its name or type).
 */
export async function checkFile(file: Blob | undefined, maxBytes: number): Promise<FileProblem | undefined> {
  if (!file) return { key: 'validation.file_required' }
  if (file.size === 0) return { key: 'validation.file_empty' }
  if (file.size > maxBytes)
    return { key: 'validation.file_too_large', vars: { max: formatMegabytes(maxBytes) } }
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  return detectFileType(head) ? undefined : { key: 'validation.file_type' }
}
