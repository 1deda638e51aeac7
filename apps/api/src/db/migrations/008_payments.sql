-- Payments (docs/payments.md): deposits and withdrawals through a provider adapter, saved cards,
-- provider callbacks (applied once per event id), crypto deposit addresses and the development
-- chain, fraud-check records. Money itself moves only through the ledger (007).

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('deposit', 'cashout')),
  method_id text NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  fee_cents bigint NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  -- IPlayerPaymentState (api-shapes §3.3).
  state text NOT NULL CHECK (state IN (
    'canceled', 'declined', 'rejected', 'recalled', 'succeeded', 'pending', 'processing', 'reserved'
  )),
  recallable boolean NOT NULL DEFAULT false,
  provider text NOT NULL DEFAULT 'sandbox',
  provider_reference text,
  -- The provider page the player was sent to (3-D Secure, e-wallet), for a retried submit.
  redirect_url text,
  cancellation_reason text,
  -- What the history shows about the instrument: a card's first 6 and last 4 digits, an e-mail, an
  -- address. Never a full card number or a CVV.
  details jsonb NOT NULL DEFAULT '{}',
  -- The client's Idempotency-Key (or a generated one): a retried submit finds the first payment.
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX payments_user ON payments (user_id, id DESC);
CREATE INDEX payments_pending ON payments (state) WHERE state IN ('pending', 'processing');

-- A saved card: a random token titled with the first 6 and last 4 digits.
CREATE TABLE payment_saved_profiles (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  method_id text NOT NULL,
  title text NOT NULL,
  card_bin char(6) NOT NULL,
  card_last4 char(4) NOT NULL,
  expiry text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX payment_saved_profiles_user ON payment_saved_profiles (user_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX payment_saved_profiles_card ON payment_saved_profiles (user_id, card_bin, card_last4, expiry)
  WHERE deleted_at IS NULL;

-- Provider events, each applied once (the insert is in the transaction that applies it).
CREATE TABLE payment_callbacks (
  provider text NOT NULL,
  event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  payment_id bigint NOT NULL REFERENCES payments (id),
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- One deposit address per player and crypto currency, derived deterministically (stable).
CREATE TABLE crypto_addresses (
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL REFERENCES currencies (code),
  address text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency)
);

-- The development chain (POST /dev/chain/*): one block height, and the transactions sent to addresses.
CREATE TABLE chain_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  height bigint NOT NULL DEFAULT 0
);
INSERT INTO chain_state (id, height) VALUES (true, 0);

CREATE TABLE chain_transactions (
  id bigserial PRIMARY KEY,
  txid text NOT NULL UNIQUE,
  currency text NOT NULL REFERENCES currencies (code),
  address text NOT NULL REFERENCES crypto_addresses (address),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  -- NULL while in the mempool; the height of the block that included it.
  block_height bigint,
  payment_id bigint NOT NULL REFERENCES payments (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chain_transactions_payment ON chain_transactions (payment_id);

-- Fraud-check payloads (POST /api/users/transaction) with their score.
CREATE TABLE fraud_checks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  payload jsonb NOT NULL,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  reasons text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fraud_checks_user ON fraud_checks (user_id, created_at);

-- What the cashbox offered a player (POST /log-payments-dep).
CREATE TABLE payment_method_logs (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  deposit_methods jsonb NOT NULL,
  user_info jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_method_logs_user ON payment_method_logs (user_id, created_at);
