// The player settings' contract (GET /api/player/settings): the api validates and serialises
// with these schemas, OpenAPI describes them, and the web app infers its types from them (type
// imports only: no zod in its bundle for a type).
import { z } from 'zod'

export const settings = z
  .object({
    cent: z
      .object({
        user: z.string().describe("The player's id; '' for guests"),
        timestamp: z.string().describe('Unix seconds'),
        token: z
          .string()
          .describe('Connection token: a JWT (HS256) naming the player and the sign-in, valid 15 minutes'),
        authEndpoint: z.string().describe('Where private channels get their signatures'),
        url: z.string().describe('The websocket URL of the realtime hub'),
      })
      .describe('Legacy realtime credentials'),
    recaptcha: z.string().describe("The captcha's site key; '' when registration needs no captcha"),
    recaptcha_version: z
      .number()
      .describe('0: our proof-of-work captcha (`GET /api/captcha/challenge`); reCAPTCHA used 2 and 3'),
  })
  .describe('IUserSettings')
/** `GET /api/player/settings` (IUserSettings); answered for guests too, with `cent.user` ''. */
export type UserSettings = z.infer<typeof settings>
