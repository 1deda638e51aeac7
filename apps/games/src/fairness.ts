import crypto from 'node:crypto'
import type { Executor } from '@aurum/db'
import { serverSeedHash } from '@aurum/games-math'

export interface FairState {
  server_seed_hash: string
  client_seed: string
  nonce: number
}

/** The seeds of one round: the server seed stays secret until the player rotates it. */
export interface RoundSeeds extends FairState {
  server_seed: string
}

const newSeed = () => crypto.randomBytes(32).toString('hex')

async function newServerSeed(tx: Executor, playerKey: string): Promise<string> {
  const seed = newSeed()
  const hash = serverSeedHash(seed)
  await tx.query('INSERT INTO gs_server_seeds (hash, player_key, seed) VALUES ($1, $2, $3)', [
    hash,
    playerKey,
    seed,
  ])
  return hash
}

/** The player's seeds, created on first play (client seed random until the player picks one). */
export async function ensurePlayer(tx: Executor, playerKey: string): Promise<FairState> {
  const [found] = await tx.query<{ server_seed_hash: string; client_seed: string; nonce: bigint }>(
    'SELECT server_seed_hash, client_seed, nonce FROM gs_players WHERE player_key = $1',
    [playerKey],
  )
  if (found) return { ...found, nonce: Number(found.nonce) }
  const hash = await newServerSeed(tx, playerKey)
  const clientSeed = crypto.randomBytes(8).toString('hex')
  const [row] = await tx.query<{ server_seed_hash: string; client_seed: string; nonce: bigint }>(
    `INSERT INTO gs_players (player_key, server_seed_hash, client_seed) VALUES ($1, $2, $3)
     ON CONFLICT (player_key) DO UPDATE SET player_key = excluded.player_key
     RETURNING server_seed_hash, client_seed, nonce`,
    [playerKey, hash, clientSeed],
  )
  return { ...row!, nonce: Number(row!.nonce) }
}

/** The next round's seeds: the nonce goes up by one in the same statement (no two rounds share one). */
export async function nextRoundSeeds(tx: Executor, playerKey: string): Promise<RoundSeeds> {
  const [row] = await tx.query<{
    server_seed: string
    server_seed_hash: string
    client_seed: string
    nonce: bigint
  }>(
    `UPDATE gs_players p SET nonce = p.nonce + 1 FROM gs_server_seeds s
     WHERE p.player_key = $1 AND s.hash = p.server_seed_hash
     RETURNING s.seed AS server_seed, p.server_seed_hash, p.client_seed, p.nonce`,
    [playerKey],
  )
  if (!row) throw new Error(`no seeds for ${playerKey}`)
  return { ...row, nonce: Number(row.nonce) }
}

/** The player's current seeds, as the last round left them (nothing changes). */
export async function currentSeeds(db: Executor, playerKey: string): Promise<RoundSeeds> {
  const [row] = await db.query<{
    server_seed: string
    server_seed_hash: string
    client_seed: string
    nonce: bigint
  }>(
    `SELECT s.seed AS server_seed, p.server_seed_hash, p.client_seed, p.nonce
     FROM gs_players p JOIN gs_server_seeds s ON s.hash = p.server_seed_hash WHERE p.player_key = $1`,
    [playerKey],
  )
  if (!row) throw new Error(`no seeds for ${playerKey}`)
  return { ...row, nonce: Number(row.nonce) }
}

/** Rotation: the current server seed is revealed, a new one (its hash shown) takes over, nonce 0. */
export async function rotateSeeds(
  tx: Executor,
  playerKey: string,
  clientSeed: string | undefined,
): Promise<{ revealed: { server_seed: string; server_seed_hash: string }; next: FairState }> {
  const [current] = await tx.query<{ seed: string; hash: string }>(
    `UPDATE gs_server_seeds s SET revealed_at = now() FROM gs_players p
     WHERE p.player_key = $1 AND s.hash = p.server_seed_hash RETURNING s.seed, s.hash`,
    [playerKey],
  )
  if (!current) throw new Error(`no seeds for ${playerKey}`)
  const hash = await newServerSeed(tx, playerKey)
  const [row] = await tx.query<{ server_seed_hash: string; client_seed: string; nonce: bigint }>(
    `UPDATE gs_players SET server_seed_hash = $2, client_seed = coalesce($3, client_seed), nonce = 0
     WHERE player_key = $1 RETURNING server_seed_hash, client_seed, nonce`,
    [playerKey, hash, clientSeed ?? null],
  )
  return {
    revealed: { server_seed: current.seed, server_seed_hash: current.hash },
    next: { ...row!, nonce: Number(row!.nonce) },
  }
}
