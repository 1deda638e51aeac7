import type { Config } from '../../config.ts'
import type { RequestContext } from '../../lib/context.ts'

/** The game server's port when it runs with the casino: GAMES_PORT, or the casino's port + 1. */
export function gamesPort(config: Pick<Config, 'PORT' | 'GAMES_PORT'>): number {
  return config.GAMES_PORT ?? config.PORT + 1
}

/**
 * The game server's address as the player's browser reaches it: GAMES_URL when configured,
 * otherwise the request's public origin (lib/public-origin.ts: from configuration, never the Host
 * header) on the game server's port.
 */
export function gamesUrlFor(
  config: Pick<Config, 'PORT' | 'GAMES_PORT' | 'GAMES_URL'>,
  ctx: Pick<RequestContext, 'publicOrigin'>,
): string {
  if (config.GAMES_URL) return config.GAMES_URL.replace(/\/$/, '')
  const origin = new URL(ctx.publicOrigin)
  origin.port = String(gamesPort(config))
  return origin.origin
}

/**
 * Where the casino itself reaches the game server (round details): the one started alongside on
 * this machine, or GAMES_URL when it runs elsewhere (GAMES_PORT 0); undefined when neither.
 */
export function gamesServerUrl(
  config: Pick<Config, 'PORT' | 'GAMES_PORT' | 'GAMES_URL'>,
): string | undefined {
  const port = gamesPort(config)
  if (port !== 0) return `http://127.0.0.1:${port}`
  return config.GAMES_URL?.replace(/\/$/, '')
}
