import type { FastifyInstance } from 'fastify'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

/** The `captcha` field a browser would send: base64 of `{challenge, solution}`. */
export const captchaToken = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')

/** Fetches a real challenge from the app and solves it as the browser does (altcha-lib's solver). */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject('/api/captcha/challenge')
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`)
  const challenge = res.json<Challenge>()
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('challenge not solved')
  return captchaToken(challenge, solution)
}
