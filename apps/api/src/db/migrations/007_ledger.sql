-- The double-entry ledger (DESIGN.md "Money and the ledger"). Amounts are integers in the
-- currency's minor units. Every balance change is a transaction of entries that sum to zero per
-- currency; player balances never go below zero; entries and transactions are append-only.

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- Player accounts belong to a player; house accounts (user_id NULL) to the casino.
  user_id bigint REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN (
    'player_real', 'player_bonus',
    'house_payments', 'house_withdrawals', 'house_games', 'house_bonuses', 'house_jackpots', 'house_fees'
  )),
  currency text NOT NULL REFERENCES currencies (code),
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK ((user_id IS NULL) = (kind LIKE 'house\_%')),
  CONSTRAINT ledger_accounts_player_not_negative CHECK (user_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_player ON ledger_accounts (user_id, kind, currency) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (kind, currency) WHERE user_id IS NULL;

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  -- The caller's id for the movement (payment id, game transaction id): applied once, replays answer the first result.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind IN (
    'deposit', 'cashout', 'cashout_recall', 'cashout_reject', 'bet', 'win', 'rollback',
    'bonus', 'bonus_cancel', 'jackpot', 'fee', 'adjustment'
  )),
  user_id bigint REFERENCES users (id),
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_user ON ledger_transactions (user_id, kind, id);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

-- Append-only: history is corrected by new transactions, never rewritten.
-- ledger_append_only(): its current definition is ../functions/ledger_append_only.sql.
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- A player's wallet in one currency: its real and bonus ledger accounts, and which wallet is active.
CREATE TABLE wallets (
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL REFERENCES currencies (code),
  real_account_id bigint NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  bonus_account_id bigint NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  active boolean NOT NULL DEFAULT false,
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency)
);
CREATE UNIQUE INDEX wallets_one_active ON wallets (user_id) WHERE active;

-- Players registered before the ledger get their wallet in their registration currency.
INSERT INTO ledger_accounts (user_id, kind, currency)
SELECT u.id, k.kind, u.currency FROM users u CROSS JOIN (VALUES ('player_real'), ('player_bonus')) AS k (kind);
INSERT INTO wallets (user_id, currency, real_account_id, bonus_account_id, active)
SELECT u.id, u.currency, r.id, b.id, true
FROM users u
JOIN ledger_accounts r ON r.user_id = u.id AND r.kind = 'player_real' AND r.currency = u.currency
JOIN ledger_accounts b ON b.user_id = u.id AND b.kind = 'player_bonus' AND b.currency = u.currency;
