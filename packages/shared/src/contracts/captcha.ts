// The captcha's contract (GET /api/captcha/challenge): the api serialises with this schema, OpenAPI
// describes it, and the web app infers its type from it (type imports only).
import { z } from 'zod'

export const challenge = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional().describe('Unix seconds'),
    }),
    signature: z.string().optional(),
  })
  .describe(
    'An ALTCHA v2 proof-of-work challenge (SHA-256): find the counter whose key starts with keyPrefix. ' +
      'Send base64(JSON {challenge, solution: {counter, derivedKey}}) as the `captcha` field of a form.',
  )
export type CaptchaChallenge = z.infer<typeof challenge>
