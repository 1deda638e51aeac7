// The support contact's contract (POST /api/send_contact_message): the api validates and
// serialises with these schemas, OpenAPI describes them, and the web app infers its types from them
// (type imports only).
import { z } from 'zod'

export const contactBody = z.strictObject({
  contact: z.strictObject({
    email: z.email().max(254),
    content: z.string().trim().min(10).max(5_000),
  }),
})
export const contactReceived = z.object({ id: z.number(), status: z.literal('received') })

/** A message to support. */
export type ContactMessage = z.input<typeof contactBody>['contact']
export type ContactReceived = z.infer<typeof contactReceived>
