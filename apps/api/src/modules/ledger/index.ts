// The ledger module's public surface for other modules (scripts/import-rules.mjs).
export { HOUSE_SHARDS, InsufficientFundsError, Ledger, type PostResult } from './ledger.ts'
export { checkLedger } from './check.ts'
