// `npm start` and `npm run dev`: the casino with the game server (apps/games) beside it in one
// process. The game server keeps its own port and database and reaches the casino's wallet over
// HTTP, as an outside provider would; GAMES_PORT=0 leaves it out (a game server elsewhere, at
// GAMES_URL).
import { companionGameServer, startCasino } from '@aurum/api'
import { startGameServer } from '@aurum/games'

startCasino({
  dev: process.argv.includes('--dev'),
  companion: async (config) => {
    const settings = companionGameServer(config)
    return settings && (await startGameServer(settings))
  },
}).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
