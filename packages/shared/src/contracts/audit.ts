// The back office's audit log viewer (issue 22, docs/security.md "Audit log"): the query of the
// list and of its CSV export, and the shape of an entry. The api's AuditLog service turns the query
// into its filters (auditFilters in apps/api/src/modules/audit/service.ts); the routes validate
// with these. Query strings are text: a bad number is a field error (422), never a malformed request.
import { z } from 'zod'
import { checkOrder, period } from './history.ts'

/** Largest page of the viewer. */
export const AUDIT_MAX_PER_PAGE = 500

const ID = /^[1-9]\d{0,18}$/
const idText = z.string().regex(ID, 'validation.invalid')

const auditFilter = {
  ...period,
  actor_id: idText.optional().describe('The staff member’s id'),
  actor: z
    .string()
    .min(1)
    .max(320)
    .optional()
    .describe('The actor as written in the entry: an e-mail, `system` or `cli`'),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'validation.invalid')
    .optional()
    .describe(
      'An action or a prefix of whole segments: `payment` finds `payment.approved`, not `payments.x`',
    ),
  target_type: z.string().min(1).max(100).optional().describe('What the action was on, e.g. `player`'),
  target_id: z.string().min(1).max(200).optional().describe('Its id (with target_type or alone)'),
}

/** GET /api/admin/audit: a page, by keyset on the entry id. */
export const auditQuery = z
  .strictObject({
    ...auditFilter,
    sort: z.enum(['asc', 'desc']).optional().describe('By id (the chain’s order); newest first by default'),
    cursor: idText.optional().describe('next_cursor of the previous page'),
    per_page: z
      .string()
      .regex(/^\d{1,4}$/)
      .pipe(z.coerce.number<string>().int().min(1).max(AUDIT_MAX_PER_PAGE))
      .optional(),
  })
  .superRefine(checkOrder)
export type AuditQuery = z.infer<typeof auditQuery>

/** GET /api/admin/audit.csv: every entry the filters find, oldest first. */
export const auditCsvQuery = z.strictObject(auditFilter).superRefine(checkOrder)
export type AuditCsvQuery = z.infer<typeof auditCsvQuery>

export const auditEntry = z.object({
  id: z.string().describe('bigint as text'),
  at: z.string().describe('ISO 8601'),
  actor_id: z
    .string()
    .nullable()
    .describe('The staff member’s id; null for the system or a command-line tool'),
  actor_label: z.string().describe('The actor’s e-mail at the time, or `system` / `cli`'),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  hash: z.string().describe('SHA-256 of the entry chained to the one before, hex'),
})
export type AuditEntry = z.infer<typeof auditEntry>

export const auditPage = z.object({
  data: z.array(auditEntry),
  pagination: z.object({
    per_page: z.number(),
    next_cursor: z.string().nullable().describe('The cursor of the next page; null on the last'),
  }),
})
export type AuditPage = z.infer<typeof auditPage>
