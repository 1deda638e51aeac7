// The games module's public surface for other modules (scripts/import-rules.mjs): the seamless
// wallet's play guard and session rules, and the catalogue's sync.
export { GAME_PROVIDER, SESSION_IDLE_MS, SessionLimitError, WalletError, type PlayGuard } from './wallet.ts'
export { syncCatalogue } from './catalogue.ts'
