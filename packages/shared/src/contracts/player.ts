// The player module's contracts (phone, consents, groups, language, data export): the api
// validates and serialises with these schemas, OpenAPI describes them, and the web app infers its
// types from them (type imports only: no zod in its bundle for a type). The phone number's own
// rule stays in the api: it needs libphonenumber's full metadata (lib/phone.ts).
import { z } from 'zod'
import { localeParam } from './common.ts'

/** Marketing consents (ISubscriptions, api-shapes §2.3), also the `users` table's columns. */
export const SUBSCRIPTION_FLAGS = [
  'receive_promos',
  'receive_sms_promos',
  'receive_promos_via_phone_calls',
  'agreed_to_partner_promotions',
] as const

export const phone = z.object({ number: z.string().nullable() }).describe('The player’s phone, E.164')
export const phoneSet = z.object({ number: z.string() })

const flags = Object.fromEntries(SUBSCRIPTION_FLAGS.map((f) => [f, z.boolean()])) as Record<
  (typeof SUBSCRIPTION_FLAGS)[number],
  z.ZodBoolean
>
export const subscriptions = z.object(flags).describe('ISubscriptions')
export type Subscriptions = z.infer<typeof subscriptions>

export const subscriptionsBody = z
  .strictObject(subscriptions.partial().shape)
  .refine((f) => Object.keys(f).length > 0, { message: 'validation.nothing_to_change', path: ['base'] })

const groupIds = z.array(z.number().int()).max(1).default([])
/** POST /api/player/groups */
export const groupsBody = z.strictObject({
  groups: z.strictObject({ add: groupIds, remove: groupIds }),
})
export type GroupsRequest = z.input<typeof groupsBody>

/** PATCH /api/player/update_locale: a string first, so a value of another type is malformed (400)
 * rather than an unknown language (422). */
export const localeBody = z.strictObject({ locale: z.string().pipe(localeParam) })

/** POST /api/gdpr_reports */
export const gdprAccepted = z.object({ status: z.literal('accepted') })
export type GdprAccepted = z.infer<typeof gdprAccepted>

/** GET /api/gdpr_reports/:token */
export const gdprTokenParam = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/, 'validation.token_invalid'),
})
