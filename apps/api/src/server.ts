import { buildApp } from './app.ts'
import { loadConfigOrExit } from './cli.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { seed } from './db/seed/index.ts'
import { gamesPort } from './modules/games/games-url.ts'
import { casinoOrigins } from './lib/public-origin.ts'
import { invalidateEverything } from './lib/cache-bus.ts'
import { startGameServer } from '@aurum/games/src/start.ts'

/** Starts the casino: database, migrations, seed, then HTTP. SIGTERM/SIGINT drain in-flight requests and exit. */
async function main() {
  const config = loadConfigOrExit()
  const dev = process.argv.includes('--dev')
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

  // Assigned once both servers listen; the shutdown closes it.
  let games: Awaited<ReturnType<typeof startGameServer>> | undefined = undefined
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
      await games?.close()
      await db.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  // The game server (apps/games): its own service, port and database, started alongside unless
  // GAMES_PORT is 0 (a game server elsewhere, at GAMES_URL). It reaches the wallet over HTTP. It
  // starts first, so that the casino answering (its health check) means both are ready.
  const port = gamesPort(config)
  games =
    port === 0
      ? undefined
      : await startGameServer({
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
        })
  await app.listen({ port: config.PORT, host: config.HOST })
  app.log.info(
    `Aurum Casino is ready at http://localhost:${config.PORT} (${db.kind}${dev ? ', development' : ''})`,
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
