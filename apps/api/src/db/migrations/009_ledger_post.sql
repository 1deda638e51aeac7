-- The ledger's posting in one statement (DESIGN.md "Money and the ledger", docs/ARCHITECTURE.md).
--
-- 1. House accounts are split into shards: (kind, currency, shard). A transaction of a player uses
--    the shard of that player, so bets of different players no longer queue on one house_games row
--    (each waited for the commit, fsync included, of the one before it). A house balance is the sum
--    of its shards; the sum over all accounts is still zero.
-- 2. ledger_post() does what Ledger.postWith did in three statements: the idempotency row, the
--    accounts (opened on first use), one guarded update per account in one global order (player
--    accounts, then house accounts, each by id) and the entries. A refused debit raises AU001 and
--    the statement writes nothing. Called alone it is one round trip and its own transaction.

ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard
  CHECK (shard >= 0 AND (user_id IS NULL OR shard = 0));
DROP INDEX ledger_accounts_house;
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (kind, currency, shard) WHERE user_id IS NULL;

-- ledger_post(): its current definition is ../functions/ledger_post.sql.
