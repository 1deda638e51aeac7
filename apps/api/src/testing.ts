// The casino's test helpers for tests that run it with another app (apps/server): a casino on a
// cloned test database, players, money and the ledger's invariants.
export { createTestApp, registerPlayer, type TestContext } from './test/helpers.ts'
export { checkLedger } from './modules/ledger/check.ts'
export { balance, client, fund } from './modules/payments/testing.ts'
export { seedTestGames, TEST_WALLET_SECRET } from './modules/games/testing.ts'
