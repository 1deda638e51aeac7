// The game server's public entry (package.json `exports`): what the composing workspace
// (apps/server) may use to run it beside the casino.
export { startGameServer, type GameServerSettings } from './start.ts'
