// The game server on its own (a game provider apart from the casino): `npm start` runs it inside
// the casino's process; this entry runs it as its own process, pointed at a casino's wallet.
//
//   CASINO_URL=http://127.0.0.1:3000 WALLET_SECRET=… GAMES_PORT=3001 node --import tsx apps/games/src/main.ts
import { z } from 'zod'
import { casinoOriginsFrom } from './origins.ts'
import { startGameServer } from './start.ts'

const env = z
  .object({
    GAMES_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    /** The game server's own PostgreSQL database (its gs_ tables); embedded when absent. */
    GAMES_DATABASE_URL: z.url().optional(),
    GAMES_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    CASINO_URL: z.url(),
    /** The casino's origins (comma-separated), the only pages that may frame the games; CASINO_URL's by default. */
    CASINO_ORIGIN: z.string().optional(),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    WALLET_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** Minutes after which a blackjack round left open is finished by the server. */
    GAMES_OPEN_ROUND_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .safeParse(process.env)

if (!env.success) {
  for (const issue of env.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`)
  process.exit(78)
}
const settings = env.data
let casinoOrigins: string[]
try {
  casinoOrigins = casinoOriginsFrom(settings.CASINO_ORIGIN, settings.CASINO_URL)
} catch (error) {
  console.error(`CASINO_ORIGIN: ${(error as Error).message}`)
  process.exit(78)
}
const server = await startGameServer({
  port: settings.GAMES_PORT,
  host: settings.HOST,
  dataDir: settings.DATA_DIR,
  databaseUrl: settings.GAMES_DATABASE_URL,
  poolSize: settings.GAMES_DATABASE_POOL_SIZE,
  casinoUrl: settings.CASINO_URL.replace(/\/$/, ''),
  casinoOrigins,
  trustProxy: settings.TRUST_PROXY,
  walletSecret: settings.WALLET_SECRET,
  openRoundLimitMs: settings.GAMES_OPEN_ROUND_MINUTES * 60_000,
  logger: { level: settings.LOG_LEVEL },
})
server.app.log.info(`game server on port ${settings.GAMES_PORT}, wallet at ${settings.CASINO_URL}`)

let closing = false
const stop = () => {
  if (closing) return
  closing = true
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
