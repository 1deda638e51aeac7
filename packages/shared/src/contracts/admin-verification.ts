// The back office's verification queue (issue 22, docs/backoffice.md "Verification"): the list of
// documents and its CSV export, a document with its player, and the decisions. The api validates
// and serialises with these schemas; the back office infers its types from them. A document
// waiting for review is `waiting` here (`not_approved` in the player's api, the platform's name).
import { z } from 'zod'
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_TYPES } from '../documents.ts'
import { adminPagination, adminPaging, queryId, sortOrder } from './admin-list.ts'
import { checkOrder, period } from './history.ts'

export const REVIEW_STATES = ['waiting', 'approved', 'rejected'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** Columns the queue sorts by (each with the id as a tie-break). */
export const DOCUMENT_SORTS = [
  'created_at',
  'reviewed_at',
  'id',
  'player_id',
  'document_type',
  'size_bytes',
] as const
export type DocumentSort = (typeof DOCUMENT_SORTS)[number]

export const REJECTION_REASON_MAX = 500

const documentFilter = {
  ...period,
  status: z.enum(REVIEW_STATES).optional().describe('waiting, approved or rejected; all when absent'),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
  player_id: queryId.optional().describe('The player’s id'),
}

/** GET /api/admin/verification/documents (the period is of the upload). */
export const adminDocumentsQuery = z
  .strictObject({
    ...documentFilter,
    sort: z.enum(DOCUMENT_SORTS).optional().describe('Default created_at'),
    order: sortOrder.optional().describe('Default asc: the queue, oldest first'),
    ...adminPaging,
  })
  .superRefine(checkOrder)
export type AdminDocumentsQuery = z.infer<typeof adminDocumentsQuery>

/** GET /api/admin/verification/documents.csv: every document the filters find, by id. */
export const adminDocumentsCsvQuery = z.strictObject(documentFilter).superRefine(checkOrder)
export type AdminDocumentsCsvQuery = z.infer<typeof adminDocumentsCsvQuery>

export const adminDocument = z.object({
  id: z.number(),
  player_id: z.number(),
  player_email: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  status: z.enum(REVIEW_STATES),
  description: z.string().nullable(),
  file_name: z.string(),
  content_type: z.enum(DOCUMENT_CONTENT_TYPES),
  size_bytes: z.number(),
  sha256: z.string().describe('Of the file as uploaded, hex; checked again before the file is served'),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
})
export type AdminDocument = z.infer<typeof adminDocument>

export const adminDocumentsPage = z.object({ data: z.array(adminDocument), pagination: adminPagination })
export type AdminDocumentsPage = z.infer<typeof adminDocumentsPage>

export const documentPlayer = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable().describe('First and last name as the player gave them; null when neither'),
  country: z.string().nullable(),
  verified: z.boolean(),
})

/** GET /api/admin/verification/documents/:id */
export const adminDocumentDetail = z.object({
  document: adminDocument,
  player: documentPlayer,
  other_documents: z.array(adminDocument).describe('The player’s other documents, newest first'),
})
export type AdminDocumentDetail = z.infer<typeof adminDocumentDetail>

/** POST /api/admin/verification/documents/:id/reject */
export const rejectDocumentBody = z.strictObject({
  reason: z.string().trim().min(1).max(REJECTION_REASON_MAX),
})

/** The answer of a decision: the document as decided and whether the player is now verified. */
export const documentDecision = z.object({ document: adminDocument, player_verified: z.boolean() })
export type DocumentDecision = z.infer<typeof documentDecision>
