import type { FastifyPluginAsync } from 'fastify'
import { verifyBody } from '@aurum/game-protocol'
import {
  ROUND_DETAILS_MAX_AGE_MS,
  ROUND_DETAILS_PATH,
  roundDetailsRequest,
  type RoundDetails,
} from '@aurum/game-protocol/round-details'
import type { SqlDatabase } from '@aurum/db'
import { GameError } from './rounds.ts'

/** Largest bet the verifier form takes (its bet_cents field). */
const VERIFY_MAX_BET = 100_000_000

/**
 * The casino's round-details call (packages/game-protocol/src/round-details.ts): the provably fair
 * data of real-money rounds, the server seed only once revealed. Signed by the casino over the exact
 * bytes (checked before anything is parsed) and stamped with its time. Encapsulated: the raw body
 * parser applies to this route only.
 */
export const roundDetailsRoutes: FastifyPluginAsync<{
  db: SqlDatabase
  key: string
  now?: () => number
}> = async (app, { db, key, now = Date.now }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })

  app.post(ROUND_DETAILS_PATH, async (request) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    const signature = request.headers['x-signature']
    if (!verifyBody(key, raw, typeof signature === 'string' ? signature : undefined))
      throw new GameError('invalid_signature', 401)
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new GameError('malformed_request', 400)
    }
    const body = roundDetailsRequest.safeParse(parsed)
    if (!body.success) throw new GameError('malformed_request', 400)
    // A signed body is good for a few minutes only: a copy of it cannot be replayed for ever.
    if (Math.abs(now() - body.data.at) > ROUND_DETAILS_MAX_AGE_MS) throw new GameError('stale_request', 401)
    const rows = await db.query<{
      round_id: string
      game: string
      server_seed_hash: string
      client_seed: string
      nonce: bigint
      bet_cents: bigint
      server_seed: string | null
    }>(
      `SELECT r.round_id, r.game, r.server_seed_hash, r.client_seed, r.nonce, r.bet_cents,
              CASE WHEN s.revealed_at IS NOT NULL THEN s.seed END AS server_seed
       FROM gs_rounds r LEFT JOIN gs_server_seeds s ON s.hash = r.server_seed_hash
       WHERE r.round_id = ANY($1::text[]) AND r.mode = 'real'`,
      [body.data.round_ids],
    )
    const rounds: RoundDetails[] = rows.map((r) => ({
      round_id: r.round_id,
      game: r.game,
      server_seed_hash: r.server_seed_hash,
      client_seed: r.client_seed,
      nonce: Number(r.nonce),
      server_seed: r.server_seed,
      verify_path: verifyPath(r.game, r.client_seed, Number(r.nonce), Number(r.bet_cents), r.server_seed),
    }))
    return { rounds }
  })
}

/** The verifier (GET /verify) filled in for a round; the server seed only when it has been revealed. */
export function verifyPath(
  game: string,
  clientSeed: string,
  nonce: number,
  betCents: number,
  serverSeed: string | null,
): string {
  const query = new URLSearchParams({ game, client_seed: clientSeed, nonce: String(nonce) })
  if (betCents >= 1 && betCents <= VERIFY_MAX_BET) query.set('bet_cents', String(betCents))
  if (serverSeed !== null) query.set('server_seed', serverSeed)
  return `/verify?${query.toString()}`
}
