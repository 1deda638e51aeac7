import { Readable } from 'node:stream'
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminDocumentDetail,
  adminDocumentsCsvQuery,
  adminDocumentsPage,
  adminDocumentsQuery,
  documentDecision,
  rejectDocumentBody,
} from '@aurum/shared/contracts/admin-verification'
import { idParam } from '@aurum/shared/contracts/common'
import { csvFileName } from '../../lib/csv.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { requireStaff } from '../../plugins/staff-session.ts'
import { documentFilters, type Reviewer, type VerificationService } from './service.ts'

/** What a reviewer's browser may do with a document shown inline: show an image, nothing else. */
export const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
/** Types a browser shows without running anything of the file's; others are only downloaded. */
const INLINE = /^(image\/[a-z0-9.+-]+|application\/pdf)$/

/** The file's name in a content-disposition (RFC 6266): as given, and a plain-ASCII fallback. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** The signed-in member as the audit log names them, and the request it records. */
function reviewer(request: FastifyRequest): Reviewer {
  const member = requireStaff(request)
  return {
    actor: { id: member.id, label: member.email },
    request: { ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? undefined, id: request.ctx.requestId },
  }
}

/**
 * The back office's verification queue (docs/backoffice.md "Verification"): documents listed,
 * exported, opened and decided. Reading needs `verification:view`; deciding
 * `verification:approve`, through the same VerificationService.decide as `npm run kyc:operator`.
 */
export const verificationAdminRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService
  now: () => Date
}> = async (app, { verification, now }) => {
  const tags = ['admin']
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store')
  const guarded = { 401: errorResponse, 403: errorResponse }

  app.get(
    '/api/admin/verification/documents',
    {
      schema: {
        tags,
        summary: 'The verification documents, filtered, sorted and paged (the queue: waiting, oldest first)',
        querystring: adminDocumentsQuery,
        response: { 200: adminDocumentsPage, ...guarded, ...errorResponses },
      },
      config: { access: 'verification:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return verification.queue(request.query)
    },
  )

  app.get(
    '/api/admin/verification/documents.csv',
    {
      schema: {
        tags,
        summary: 'The documents the filters find as CSV (RFC 4180), by id',
        querystring: adminDocumentsCsvQuery,
        response: guarded,
      },
      config: { access: 'verification:view' },
    },
    async (request, typed) => {
      // The body is a stream of text, not one of the schema's objects.
      const reply: FastifyReply = typed
      noStore(reply)
        .header('content-disposition', `attachment; filename="${csvFileName('documents', now())}"`)
        .type('text/csv; charset=utf-8')
      return reply.send(Readable.from(verification.queueCsv(documentFilters(request.query))))
    },
  )

  app.get(
    '/api/admin/verification/documents/:id',
    {
      schema: {
        tags,
        summary: 'A document, its player and the player’s other documents',
        params: idParam,
        response: { 200: adminDocumentDetail, ...guarded, 404: errorResponse, ...errorResponses },
      },
      config: { access: 'verification:view' },
    },
    async (request, reply) => {
      noStore(reply)
      return verification.review(BigInt(request.params.id))
    },
  )

  app.get(
    '/api/admin/verification/documents/:id/file',
    {
      schema: {
        tags,
        summary: 'The document’s file, inline, once checked against its SHA-256',
        description:
          'Served with its own type (PDF or an image), `content-disposition: inline`, `x-content-type-options: nosniff`, a sandboxing content security policy and no caching. 409 file_mismatch when the stored file no longer matches the SHA-256 taken at upload (logged); 503 when the document store fails.',
        params: idParam,
        response: {
          200: z.unknown().describe('The file'),
          ...guarded,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
          ...errorResponses,
        },
      },
      config: { access: 'verification:view' },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed
      const { row, data } = await verification.reviewFile(BigInt(request.params.id))
      const inline = INLINE.test(row.content_type)
      return reply
        .header('content-type', inline ? row.content_type : 'application/octet-stream')
        .header('content-length', String(data.length))
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', row.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', DOCUMENT_CSP)
        .header('cache-control', 'private, no-store')
        .send(data)
    },
  )

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/verification/documents/:id/${decision}`,
      {
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? 'Approves a waiting document (the player is verified once an identity and an address document are)'
              : 'Rejects a waiting document with a reason (1–500 characters) the player is told',
          params: idParam,
          ...(decision === 'reject' ? { body: rejectDocumentBody } : {}),
          response: { 200: documentDecision, ...guarded, 404: errorResponse, ...errorResponses },
        },
        config: { access: 'verification:approve' },
      },
      async (request) => {
        const body = request.body as { reason?: string } | undefined
        const id = BigInt(request.params.id)
        const { verified } = await verification.decide(reviewer(request), id, decision, body?.reason)
        const { document } = await verification.review(id)
        return { document, player_verified: verified }
      },
    )
  }
}
