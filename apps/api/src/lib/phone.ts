import { z } from 'zod'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/** A '+', the country code, then digits with the usual separators. */
const INTERNATIONAL = /^\+[1-9][\d ().-]{5,30}$/
/** Mobile and fixed lines only: no toll-free, premium-rate or shared-cost numbers for a player's own phone. */
const PLAYER_PHONE_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE'])

/**
 * A player's phone number: international form with a leading '+' (the client adds it, spec §5),
 * checked against the full numbering-plan metadata (the server has room for it) and
 * normalised to E.164, e.g. `+49 (0)151 2345 6789` → `+4915123456789`.
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(32)
  .transform((value, ctx) => {
    // Custom issues keep their message (a translation key); a failed .regex() would say only "not valid".
    if (!INTERNATIONAL.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone' })
      return z.NEVER
    }
    const phone = parsePhoneNumberFromString(value)
    const type = phone?.isValid() ? phone.getType() : undefined
    if (!phone || !type || !PLAYER_PHONE_TYPES.has(type)) {
      ctx.addIssue({ code: 'custom', message: 'validation.phone_invalid' })
      return z.NEVER
    }
    return phone.number
  })
