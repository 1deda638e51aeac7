import multipart from '@fastify/multipart'
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DESCRIPTION_MAX_LENGTH, DOCUMENT_TYPES } from '@aurum/shared'
import { AppError, RequestValidationError } from '../../lib/errors.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { playerDocument, verificationStatus } from '@aurum/shared/contracts/verification'
import { idParam } from '@aurum/shared/contracts/common'
import { unsafeTextIssues } from '../../lib/safe-text.ts'
import type { VerificationService } from './service.ts'

// Control characters other than line breaks and tabs are dropped from the description.
// eslint-disable-next-line no-control-regex -- exactly what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** The upload's parts, by the names of the platform's form (`document[attachment]`…) without the wrapper. */
const uploadFields = z.strictObject({
  attachment: z.custom<Buffer>((v) => Buffer.isBuffer(v), 'validation.file_required'),
  document_type: z.enum(DOCUMENT_TYPES),
  description: z
    .string()
    .transform((s) => s.replace(CONTROL, '').trim())
    .pipe(z.string().max(DESCRIPTION_MAX_LENGTH))
    .optional(),
})

/** Uploads per player (several players may share an address): enough to redo a few, not to flood the storage. */
const perPlayer = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `documents:${request.session.userId}` : `documents-ip:${request.ip}`,
  },
})

/** `attachment` with the name as given and a plain-ASCII fallback (RFC 6266). */
function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * Verification documents (api-shapes §9; docs/responsible-gambling.md "Verification"). Multipart is
 * parsed only here, with limits: one file of at most DOCUMENT_MAX_BYTES and three small fields.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (
  app,
  { verification },
) => {
  const tags = ['verification']
  const maxBytes = verification.settings.maxBytes
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 4 * 1024, headerPairs: 100 },
  })

  /** Reads the form: the file into memory (at most maxBytes), the fields as text. Never a 500 for a bad form. */
  async function readUpload(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', 415)
    const values: Record<string, unknown> = {}
    let fileName: string | undefined
    try {
      for await (const part of request.parts()) {
        const name = /^document\[(\w{1,40})\]$/.exec(part.fieldname)?.[1] ?? part.fieldname.slice(0, 60)
        if (part.type === 'file') {
          values[name] = await part.toBuffer()
          if (name === 'attachment') fileName = part.filename
        } else {
          values[name] = typeof part.value === 'string' ? part.value : String(part.value)
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw verification.tooLarge(request.locale)
      if ((error as { statusCode?: number }).statusCode === 413) throw new AppError('payload_too_large', 413)
      throw new AppError('malformed_request', 400)
    }
    // Multipart bypasses the validator compiler, so its text check is made here.
    const unsafe = [...unsafeTextIssues(values), ...unsafeTextIssues(fileName ?? '', ['attachment'])]
    if (unsafe.length > 0) throw new RequestValidationError(unsafe)
    const parsed = uploadFields.safeParse(values, { reportInput: true })
    if (!parsed.success) throw new RequestValidationError(parsed.error.issues)
    return { ...parsed.data, fileName }
  }

  app.get(
    '/api/player/documents',
    {
      schema: {
        tags,
        summary: 'The player’s verification documents, newest first',
        response: { 200: z.array(playerDocument), 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return verification.list(request.requireUser())
    },
  )

  app.post(
    '/api/player/documents',
    {
      config: perPlayer(20, '1 hour'),
      schema: {
        tags,
        summary: 'Uploads a document; answers the list',
        description:
          'multipart/form-data with the parts `document[attachment]` (the file: PDF, JPEG, PNG or WebP, recognised by its first bytes, at most DOCUMENT_MAX_BYTES), `document[document_type]` (identity, address, deposit, payment_method) and `document[description]` (optional, up to 500 characters). 422 with `errors.attachment` for an empty file, a type not accepted or too many documents waiting; 413 with `errors.attachment` for a file too large; 415 when the body is not multipart; 503 storage_unavailable (with Retry-After) when the document store fails, and nothing is kept.',
        consumes: ['multipart/form-data'],
        response: {
          200: z.array(playerDocument),
          401: errorResponse,
          413: errorResponse,
          415: errorResponse,
          503: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const userId = request.requireUser()
      const upload = await readUpload(request)
      return verification.upload(
        userId,
        {
          documentType: upload.document_type,
          description: upload.description || null,
          fileName: upload.fileName,
          data: upload.attachment,
        },
        request.locale,
      )
    },
  )

  app.delete(
    '/api/player/documents/:id',
    {
      config: perPlayer(60, '1 minute'),
      schema: {
        tags,
        summary:
          'Removes a document still waiting for review (422 document_reviewed once reviewed); answers the list',
        params: idParam,
        response: { 200: z.array(playerDocument), 401: errorResponse, 404: errorResponse, ...errorResponses },
      },
    },
    async (request) => verification.remove(request.requireUser(), BigInt(request.params.id)),
  )

  app.get(
    '/api/player/documents/:id/file',
    {
      config: perPlayer(120, '1 minute'),
      schema: {
        tags,
        summary: 'The player’s own file, as a download',
        params: idParam,
        response: {
          200: z.unknown().describe('The file (PDF, JPEG, PNG or WebP) as an attachment'),
          401: errorResponse,
          404: errorResponse,
          503: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { row, body } = await verification.file(request.requireUser(), BigInt(request.params.id))
      return reply
        .header('content-type', row.content_type)
        .header('content-length', String(row.size_bytes))
        .header('content-disposition', contentDisposition(row.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body)
    },
  )

  app.get(
    '/api/player/verification',
    {
      schema: {
        tags,
        summary: 'The overall verification state and the upload rules',
        response: { 200: verificationStatus, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return verification.status(request.requireUser())
    },
  )
}
