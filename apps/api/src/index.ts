// The casino's public entry (package.json `exports`): what the composing workspace (apps/server)
// may use. Nothing else of apps/api is importable from another workspace.
export { startCasino, companionGameServer, type Companion } from './start.ts'
