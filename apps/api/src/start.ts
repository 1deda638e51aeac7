import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { loadConfigOrExit } from './cli.ts'
import type { Config } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './db/seed/index.ts'
import { gamesPort } from './modules/games/games-url.ts'
import { casinoOrigins } from './lib/public-origin.ts'
import { invalidateEverything } from './lib/cache-bus.ts'

/** Something that runs beside the casino in its process and stops with it (the game server). */
export interface Companion {
  close(): Promise<void>
}

/**
 * The settings of a game server started beside the casino, from the casino's configuration
 * (structurally what `@aurum/games`' `startGameServer` takes: the api does not import the game
 * server), or undefined when GAMES_PORT is 0 (a game server elsewhere, at GAMES_URL).
 */
export function companionGameServer(config: Config) {
  const port = gamesPort(config)
  if (port === 0) return undefined
  return {
    port,
    host: config.HOST,
    dataDir: config.dataDir,
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    casinoUrl: `http://127.0.0.1:${config.PORT}`,
    casinoOrigins: casinoOrigins(config),
    trustProxy: config.TRUST_PROXY,
    walletSecret: config.WALLET_SECRET,
    openRoundLimitMs: config.GAMES_OPEN_ROUND_MINUTES * 60_000,
    logger: { level: config.LOG_LEVEL },
  }
}

/**
 * Starts the casino: configuration, database, migrations, seed, then HTTP. `companion` starts
 * what runs beside it before it listens (so the casino answering, its health check, means both are
 * ready) and is closed after it. SIGTERM/SIGINT drain in-flight requests and exit.
 */
export async function startCasino({
  dev,
  companion,
}: {
  dev: boolean
  companion?: (config: Config) => Promise<Companion | undefined>
}): Promise<FastifyInstance> {
  const config = loadConfigOrExit()
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  })
  await migrate(db)
  await seed(db)
  const app = await buildApp({ config, db, ssr: dev ? 'development' : 'production' })
  // The seed may have changed content, reference data or the catalogue that other nodes hold.
  await invalidateEverything(app.caches)

  // Assigned once it runs; the shutdown closes it.
  let running: Companion | undefined = undefined
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: draining requests')
    // A stuck connection must not keep a stopping node alive forever.
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await app.drain(8_000)
      await app.close()
      await running?.close()
      await db.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  running = await companion?.(config)
  await app.listen({ port: config.PORT, host: config.HOST })
  app.log.info(
    `Aurum Casino is ready at http://localhost:${config.PORT} (${db.kind}${dev ? ', development' : ''})`,
  )
  // A fresh install has no staff: its first owner sets up their account from this one-time link.
  const firstOwner = await app.services.staff.firstOwnerLink()
  if (firstOwner) {
    console.log(
      `No back-office staff yet. Set up the first owner, before ${firstOwner.expiresAt.toISOString()}, at:\n` +
        `  ${config.publicOrigin}/backoffice/setup#${firstOwner.token}`,
    )
  }
  return app
}
