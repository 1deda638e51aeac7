-- The same rules on the rows every spin writes, checked without reading them again on every
-- statement (docs/ARCHITECTURE.md "Ledger", docs/games.md "bench:games").
--
-- PostgreSQL keeps a table's CHECK constraints as stored expression trees and reads each back
-- from its text (stringToNode) in every statement that inserts or updates a row of the table, and
-- an UPDATE checks all of them, whichever columns it sets. A spin updates two ledger accounts and
-- inserts a round, two ledger transactions, their entries and two provider transactions: thirteen
-- constraints read back per spin, about a fifth of the casino database's CPU for it. A domain's
-- checks are read once per connection (the type cache) and run only when a value of the column is
-- written, and a trigger on the columns it guards does not fire when only the balance moves.
--
--  * Single-column rules become domains: the provider's ids (1-100 characters), the ledger's keys
--    (1-200), and the kinds and states of ledger transactions, provider transactions and rounds.
--  * ledger_accounts' kind, owner and shard rules move to a trigger on insert and on an update of
--    those columns (never changed after an account is opened). Its `balance >= 0` for players stays
--    a CHECK: every balance update must pass it.
--  * The amounts' CHECKs stay as they are (short ones).
CREATE DOMAIN provider_ref AS text CHECK (length(VALUE) BETWEEN 1 AND 100);
CREATE DOMAIN ledger_key AS text CHECK (length(VALUE) BETWEEN 1 AND 200);
CREATE DOMAIN ledger_transaction_kind AS text CHECK (VALUE IN (
  'deposit', 'cashout', 'cashout_recall', 'cashout_reject', 'bet', 'win', 'rollback',
  'bonus', 'bonus_cancel', 'jackpot', 'fee', 'adjustment'
));
CREATE DOMAIN game_transaction_kind AS text CHECK (VALUE IN ('bet', 'win', 'rollback'));
CREATE DOMAIN game_transaction_status AS text CHECK (VALUE IN ('ok', 'rolled_back', 'refused'));
CREATE DOMAIN game_round_status AS text CHECK (VALUE IN ('open', 'closed', 'rolled_back'));

ALTER TABLE ledger_transactions
  DROP CONSTRAINT ledger_transactions_idempotency_key_check,
  DROP CONSTRAINT ledger_transactions_kind_check,
  ALTER COLUMN idempotency_key TYPE ledger_key,
  ALTER COLUMN kind TYPE ledger_transaction_kind;

ALTER TABLE game_transactions
  DROP CONSTRAINT game_transactions_transaction_id_check,
  DROP CONSTRAINT game_transactions_kind_check,
  DROP CONSTRAINT game_transactions_status_check,
  ALTER COLUMN transaction_id TYPE provider_ref,
  ALTER COLUMN kind TYPE game_transaction_kind,
  ALTER COLUMN status TYPE game_transaction_status;

ALTER TABLE game_rounds
  DROP CONSTRAINT game_rounds_round_id_check,
  DROP CONSTRAINT game_rounds_status_check,
  ALTER COLUMN round_id TYPE provider_ref,
  ALTER COLUMN status TYPE game_round_status;

-- ledger_accounts_valid(): its current definition is ../functions/ledger_accounts_valid.sql.
ALTER TABLE ledger_accounts
  DROP CONSTRAINT ledger_accounts_kind_check,
  DROP CONSTRAINT ledger_accounts_owner,
  DROP CONSTRAINT ledger_accounts_shard;
CREATE TRIGGER ledger_accounts_valid BEFORE INSERT OR UPDATE OF user_id, kind, shard ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_valid();
