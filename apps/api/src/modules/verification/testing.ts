import crypto from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import type { TestContext } from '../../test/helpers.ts'

/** Small files that start the way real ones do (what the server looks at), and their declared types. */
export const FILES = {
  pdf: {
    name: 'passport.pdf',
    type: 'application/pdf',
    data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
  },
  jpeg: {
    name: 'id-card.jpg',
    type: 'image/jpeg',
    data: Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      crypto.randomBytes(64),
    ]),
  },
  png: {
    name: 'utility-bill.png',
    type: 'image/png',
    data: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(64),
    ]),
  },
  webp: {
    name: 'statement.webp',
    type: 'image/webp',
    data: Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      crypto.randomBytes(32),
    ]),
  },
} as const

export interface UploadPart {
  name: string
  value: string | Buffer
  fileName?: string
  contentType?: string
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: UploadPart[]): { body: Buffer; contentType: string } {
  const boundary = `----aurum${crypto.randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}`
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The platform's upload form: `document[attachment]`, `document[document_type]`, `document[description]`. */
export function documentForm(
  file: { name: string; type: string; data: Buffer },
  documentType = 'identity',
  description?: string,
) {
  return multipart([
    { name: 'document[attachment]', value: file.data, fileName: file.name, contentType: file.type },
    { name: 'document[document_type]', value: documentType },
    ...(description !== undefined ? [{ name: 'document[description]', value: description }] : []),
  ])
}

export function upload(
  ctx: TestContext,
  sid: string | undefined,
  form: { body: Buffer; contentType: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    cookies: sid ? { sid } : {},
    headers: { 'content-type': form.contentType, ...headers },
    payload: form.body,
  })
}
