// The back office's outgoing mail (issue 22, docs/backoffice.md "Outgoing mail"): the outbox's
// list and its CSV export, one message in full, and a resend. Messages with a one-time link
// (confirmation, password reset…) are answered with the link's token redacted below mail:approve.
import { z } from 'zod'
import { adminPagination, adminPaging, queryId, sortOrder } from './admin-list.ts'
import { checkOrder, period } from './history.ts'

/** sent: delivered; pending: not tried yet (or no SMTP); failed: the last attempt failed (retried with backoff). */
export const MAIL_STATES = ['sent', 'pending', 'failed'] as const
export type MailState = (typeof MAIL_STATES)[number]

export const MAIL_SORTS = ['created_at', 'sent_at', 'id', 'to', 'template', 'attempts'] as const
export type MailSort = (typeof MAIL_SORTS)[number]

const mailFilter = {
  ...period,
  state: z.enum(MAIL_STATES).optional(),
  recipient: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe('Part of the recipient’s address, any case'),
  template: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, 'validation.invalid')
    .optional()
    .describe('The kind of message, e.g. password_reset'),
  player_id: queryId.optional(),
}

/** GET /api/admin/mail (the period is of the message's creation). */
export const adminMailQuery = z
  .strictObject({
    ...mailFilter,
    sort: z.enum(MAIL_SORTS).optional().describe('Default created_at'),
    order: sortOrder.optional().describe('Default desc: newest first'),
    ...adminPaging,
  })
  .superRefine(checkOrder)
export type AdminMailQuery = z.infer<typeof adminMailQuery>

/** GET /api/admin/mail.csv: every message the filters find, by id (no bodies). */
export const adminMailCsvQuery = z.strictObject(mailFilter).superRefine(checkOrder)
export type AdminMailCsvQuery = z.infer<typeof adminMailCsvQuery>

export const adminMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  locale: z.string(),
  player_id: z.number().nullable(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().describe('SMTP attempts made'),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  resent_from: z.number().nullable().describe('The message this one is a copy of'),
  one_time_link: z
    .boolean()
    .describe('It carries a one-time link: redacted below mail:approve, never resent'),
})
export type AdminMail = z.infer<typeof adminMail>

export const adminMailPage = z.object({
  data: z.array(adminMail),
  pagination: adminPagination,
  delivery: z
    .enum(['smtp', 'outbox'])
    .describe('smtp: messages are delivered; outbox: no SMTP is configured, messages are only kept here'),
})
export type AdminMailPage = z.infer<typeof adminMailPage>

/** GET /api/admin/mail/:id */
export const adminMailMessage = adminMail.extend({
  text_body: z.string(),
  html_body: z
    .string()
    .nullable()
    .describe('The HTML alternative, to show sandboxed; null: the casino sends plain text only'),
  redacted: z.boolean().describe('The tokens of its one-time links are replaced by [redacted]'),
})
export type AdminMailMessage = z.infer<typeof adminMailMessage>

/** POST /api/admin/mail/:id/resend: the copy queued. */
export const mailResent = z.object({ message: adminMail })
