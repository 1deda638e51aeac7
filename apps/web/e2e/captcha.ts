import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

/**
 * A solved captcha for journeys that register through the api rather than the page (whose own
 * widget solves it): a real challenge from the server, solved with altcha-lib as the browser does.
 */
export async function solvedCaptcha(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/captcha/challenge`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('challenge not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}
