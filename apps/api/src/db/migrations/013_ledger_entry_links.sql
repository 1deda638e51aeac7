-- Ledger entries without foreign keys to their transaction and account (docs/ARCHITECTURE.md
-- "Ledger"). Entries are written only by ledger_post(), which takes both ids from the rows it has
-- just inserted or updated in the same statement, and never changed or deleted (the append-only
-- triggers); the two checks per entry added nothing but two more row locks per entry, four entries
-- per spin (bench:games: PostgreSQL CPU per spin down by about a sixth, p99 down by a third).
-- checkLedger (and `npm run ledger:check`) reports an entry whose transaction or account is missing.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transaction_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_fkey;
