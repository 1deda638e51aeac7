// The accounts module's contracts (/api/users/*, GET /api/player): the api validates and
// serialises with them, OpenAPI describes them, and the web app infers its types from them
// (type imports only: no zod in the web app's first chunk for a type).
import { z } from 'zod'

const text = z.string().nullable()
export const userInfo = z
  .object({
    id: z.number(),
    user_id: z.string(),
    email: z.string(),
    nickname: text,
    first_name: text,
    last_name: text,
    gender: text,
    date_of_birth: text,
    address: text,
    city: text,
    postal_code: text,
    country: text,
    mobile_phone: text,
    currency: z.string(),
    language: z.string(),
    statuses: z.array(z.object({ id: z.number(), name: z.string() })),
    auth_fields_missed: z.array(z.string()),
    verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    receive_promos: z.boolean(),
    receive_sms_promos: z.boolean(),
    autoregistered: z.boolean(),
    autologin_link: z.null(),
    created_at: z.string(),
    current_sign_in_at: text,
    confirmed_at: text,
    deposit_bonus_code: text,
    can_issue_bonuses: z.boolean(),
    profession: text,
    license_name: z.string(),
    sow_questionnaire_expires_at: z.null(),
    sumsub_verified: z.null(),
  })
  .describe('The player profile (IUserInfo)')

/** The player as the api answers GET /api/player (IUserInfo, api-shapes.md §2.2). */
export type UserInfo = z.infer<typeof userInfo>
