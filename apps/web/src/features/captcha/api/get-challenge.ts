import type { CaptchaChallenge } from '@aurum/shared/contracts/captcha'
import type { HttpClient } from '../../../lib/http/client.ts'

/** GET /api/captcha/challenge: a fresh proof-of-work challenge (never cached: each is solved once). */
export const getChallenge = (http: HttpClient, signal?: AbortSignal) =>
  http.get<CaptchaChallenge>('/api/captcha/challenge', { signal })
