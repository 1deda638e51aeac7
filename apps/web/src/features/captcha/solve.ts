import { solveChallengeWorkers } from 'altcha-lib'
import type { HttpClient } from '../../lib/http/client.ts'
import { getChallenge } from './api/get-challenge.ts'

export interface SolvedCaptcha {
  /** The `captcha` field: base64 of `{challenge, solution}`. */
  token: string
  /** When the server stops accepting it (ms since the epoch). */
  expiresAt: number
}

/** At most this many workers: more rarely helps on phones and costs memory. */
const MAX_WORKERS = 4
const SOLVE_TIMEOUT_MS = 60_000

/** Fetches a challenge and solves it in Web Workers from our own origin (CSP `script-src 'self'`). */
export async function solveCaptcha(http: HttpClient): Promise<SolvedCaptcha> {
  const challenge = await getChallenge(http)
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 2),
    createWorker: () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }),
    timeout: SOLVE_TIMEOUT_MS,
  })
  if (!solution) throw new Error('The captcha challenge was not solved in time')
  return {
    token: btoa(JSON.stringify({ challenge, solution })),
    expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000,
  }
}
