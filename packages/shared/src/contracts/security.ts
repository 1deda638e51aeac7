// The security page's contracts (/api/player/sessions): the api validates and serialises with
// these schemas, OpenAPI describes them, and the web app infers its types from them (type imports
// only).
import { z } from 'zod'

export const playerSession = z.object({
  id: z.number(),
  ip: z.string(),
  country: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
})

export const sessionIdParam = z.strictObject({ id: z.coerce.number().int().positive() })
export const signedOut = z.object({ signed_out: z.number() })

/** A signed-in device (IUserSession). */
export type PlayerSession = z.infer<typeof playerSession>
export type SignedOut = z.infer<typeof signedOut>
