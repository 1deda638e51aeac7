import crypto from 'node:crypto'
import { z } from 'zod'

/**
 * Round details: the casino asks the game server for the provably fair data of its players' rounds
 * (docs/games.md "Round details"), as a casino asks a provider for a round's history. The casino
 * decides whose rounds may be asked for (a player's own, from its own records); the game server
 * answers what it knows of them: the seeds' commitment, the client seed and nonce, the server seed
 * once the player has rotated it (never before), and the path of its verifier for the round.
 *
 * JSON over HTTP POST to `/api/provider/round-details`, the body signed like the wallet's calls but
 * under a key of its own (derived from WALLET_SECRET with another label, so a signature of one
 * protocol is worth nothing in the other), and stamped with the time it was made: the game server
 * refuses a body older or newer than ROUND_DETAILS_MAX_AGE_MS.
 */
export const ROUND_DETAILS_PATH = '/api/provider/round-details'

/** Most rounds asked for at once (a page of the history, a chunk of its export). */
export const ROUND_DETAILS_MAX_ROUNDS = 500

/** How far the request's time may be from the game server's clock. */
export const ROUND_DETAILS_MAX_AGE_MS = 5 * 60_000

const roundId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w:.-]+$/)

export const roundDetailsRequest = z.strictObject({
  /** When the casino made the request (ms since the epoch). */
  at: z.number().int().positive(),
  round_ids: z.array(roundId).min(1).max(ROUND_DETAILS_MAX_ROUNDS),
})
export type RoundDetailsRequest = z.infer<typeof roundDetailsRequest>

export const roundDetails = z.object({
  round_id: z.string(),
  game: z.string(),
  /** SHA-256 of the server seed, shown to the player before the round. */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int().min(0),
  /** The server seed, once revealed by a rotation; null while it still decides rounds. */
  server_seed: z.string().nullable(),
  /** The verifier page for this round on the game server, with what it needs filled in. */
  verify_path: z.string(),
})
export type RoundDetails = z.infer<typeof roundDetails>

/** Rounds the game server does not know (not its own, or never stored) are left out. */
export const roundDetailsAnswer = z.object({ rounds: z.array(roundDetails) })
export type RoundDetailsAnswer = z.infer<typeof roundDetailsAnswer>

/** The signing key of round-details requests, derived from the shared WALLET_SECRET. */
export function roundDetailsKey(walletSecret: string): string {
  return crypto.createHmac('sha256', walletSecret).update('aurum/round-details').digest('hex')
}
