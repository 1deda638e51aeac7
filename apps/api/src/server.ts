// The casino on its own, with its game server elsewhere (GAMES_PORT=0, GAMES_URL): `npm start`
// runs apps/server, which starts the game server beside it in one process.
import { startCasino } from './start.ts'

startCasino({ dev: process.argv.includes('--dev') }).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
