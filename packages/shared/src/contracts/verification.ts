// Player verification's contracts (/api/player/documents, /api/player/verification; api-shapes
// §9): the api validates and serialises with these schemas, OpenAPI describes them, and the web app
// infers its types from them (type imports only: no zod in its bundle for a type).
import { z } from 'zod'
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentKindState,
} from '../documents.ts'

export const playerDocument = z
  .object({
    id: z.number(),
    description: z.string().nullable(),
    document_type: z.enum(DOCUMENT_TYPES),
    status: z.enum(DOCUMENT_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
    file_name: z.string(),
    rejection_reason: z.string().nullable(),
    size_bytes: z.number(),
    content_type: z.enum(DOCUMENT_CONTENT_TYPES),
  })
  .describe('IDocument (api-shapes §9) plus the rejection reason, size and type')

const kindState = z.enum(['missing', 'waiting', 'approved', 'rejected'] satisfies DocumentKindState[])
export const verificationStatus = z
  .object({
    verified: z.boolean(),
    kinds: z.object(
      Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, kindState])) as Record<
        (typeof DOCUMENT_TYPES)[number],
        typeof kindState
      >,
    ),
    max_bytes: z.number().describe('Upload rules, so the page checks a file as the server will'),
    max_waiting: z.number(),
    waiting: z.number(),
    accepted: z.array(z.enum(DOCUMENT_CONTENT_TYPES)),
  })
  .describe(
    'The overall state: verified (an approved identity and address document), each kind missing, waiting, approved or rejected, and the upload rules',
  )

/** IDocument (api-shapes §9), beyond the platform's shape: why it was rejected, the file's size and type. */
export type PlayerDocument = z.infer<typeof playerDocument>
export type VerificationStatus = z.infer<typeof verificationStatus>
