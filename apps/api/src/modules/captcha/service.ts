import crypto from 'node:crypto'
import { z } from 'zod'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { Clock } from '@aurum/db'
import { BOT_USER_AGENT, type Locale } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { deriveSecret } from '../../lib/derive-secret.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import { CaptchaRepository } from './repository.ts'

/** A challenge is valid this long; its expiry is inside the signed parameters. */
export const CHALLENGE_TTL_MS = 10 * 60_000
/** `recaptcha_version` of the user settings: 0 is our proof of work (reCAPTCHA used 2 and 3). */
export const CAPTCHA_VERSION = 0
const ALGORITHM = 'SHA-256'

export interface CaptchaOptions {
  sessionSecret: string
  /** Largest counter a challenge asks for (CAPTCHA_COMPLEXITY). */
  complexity: number
  enabledRegister: boolean
}

/** What the client reads at start-up (project info `captcha`). */
export interface CaptchaConfig {
  site_key: string
  enabled_register: boolean
}

const hex = z.string().regex(/^[0-9a-f]+$/)
/** The token the browser sends: base64 of `{challenge, solution}` as ALTCHA v2 payloads are. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: hex,
        salt: hex,
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive(),
        keyPrefix: hex,
        keySignature: hex.optional(),
        expiresAt: z.number().int().positive(),
      })
      .loose(),
    signature: hex.length(64),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex }).loose(),
})

function decodeToken(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const result = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA v2, SHA-256): signed challenges with a random
 * counter the browser searches for, each accepted solution recorded until its expiry so that it
 * works once on every node. Keys derive from SESSION_SECRET; nothing new to configure.
 */
export class CaptchaService {
  readonly config: CaptchaConfig
  private hmacKey: string
  private keySignatureKey: string
  private repo: CaptchaRepository

  constructor(
    db: Database,
    private options: CaptchaOptions,
    private clock: Clock,
  ) {
    this.repo = new CaptchaRepository(db)
    this.hmacKey = deriveSecret(options.sessionSecret, 'aurum/captcha-challenge')
    this.keySignatureKey = deriveSecret(options.sessionSecret, 'aurum/captcha-key-signature')
    // A public, stable name of this install's captcha: a hash of the key, which it does not reveal.
    const siteKey = crypto.createHash('sha256').update(this.hmacKey).digest('hex').slice(0, 32)
    this.config = {
      site_key: options.enabledRegister ? siteKey : '',
      enabled_register: options.enabledRegister,
    }
  }

  /** A fresh challenge; the secret counter lies between a tenth of the complexity and the complexity. */
  challenge(now = this.clock.now().getTime()): Promise<Challenge> {
    const max = this.options.complexity
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(max, Math.max(1, Math.floor(max / 10))),
      deriveKey,
      expiresAt: Math.floor((now + CHALLENGE_TTL_MS) / 1000),
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    })
  }

  /**
   * Registration: a valid solution is required while the captcha is enabled for it. A bot's user
   * agent gets no captcha (spec §4), so it cannot register: it hears so plainly (403
   * `automated_browser`, as its form says at once), not to wait for a check that never comes.
   */
  async verifyRegistration(token: string | undefined, locale: Locale, userAgent = ''): Promise<void> {
    if (this.options.enabledRegister && BOT_USER_AGENT.test(userAgent)) {
      throw new AppError('automated_browser', 403)
    }
    if (token === undefined) {
      if (this.options.enabledRegister) throw this.error('captcha_required', locale)
      return
    }
    await this.verify(token, locale)
  }

  /** Sign-in, reset request and confirmation resend: a solution is checked only when one is given. */
  async verifyIfGiven(token: string | undefined, locale: Locale): Promise<void> {
    if (token !== undefined) await this.verify(token, locale)
  }

  /**
   * Checks a solution and uses it up; 422 `errors.captcha` when it is malformed, wrong, expired
   * or used before.
   */
  async verify(token: string, locale: Locale): Promise<void> {
    const payload = decodeToken(token)
    if (!payload) throw this.error('captcha_invalid', locale)
    // Expiry by the app's clock (the library checks it too, by the system's, which it alone knows).
    const { expiresAt } = payload.challenge.parameters
    if (expiresAt !== undefined && expiresAt * 1000 < this.clock.now().getTime())
      throw this.error('captcha_expired', locale)
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.keySignatureKey,
    })
    if (result.expired) throw this.error('captcha_expired', locale)
    if (!result.verified) throw this.error('captcha_invalid', locale)
    // The signature names the challenge; the primary key lets only the first request through.
    const first = await this.repo.insertSolution(
      payload.challenge.signature,
      payload.challenge.parameters.expiresAt,
    )
    if (!first) throw this.error('captcha_invalid', locale)
  }

  /** Forgets solutions whose challenges have expired: they are refused by their expiry anyway. */
  async prune(now = this.clock.now()): Promise<number> {
    return this.repo.deleteExpired(now)
  }

  private error(code: 'captcha_required' | 'captcha_invalid' | 'captcha_expired', locale: Locale) {
    return new AppError(code, 422, { captcha: [t(locale, `api.errors.${code}`)] })
  }
}
