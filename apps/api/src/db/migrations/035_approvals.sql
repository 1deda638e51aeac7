-- Four-eyes approvals and manual balance adjustments (issue 22; docs/backoffice.md "Four-eyes
-- approvals", "Balance adjustments").

-- A request for a second member's approval: an action on money above its threshold waits here
-- until a different member with the kind's `<module>:approve` permission approves or rejects it.
-- Its state changes in the transaction of the action it approves (a guarded update: only from
-- `pending`), so two approvals at once carry the action out once.
CREATE TABLE approval_requests (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('withdrawal', 'balance_adjustment', 'bonus_grant')),
  -- What it is about: a payment's id, a balance adjustment's id.
  target_type text NOT NULL,
  target_id text NOT NULL,
  -- The player concerned (lists and the player's page).
  user_id bigint REFERENCES users (id),
  amount_cents bigint NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  payload jsonb NOT NULL DEFAULT '{}',
  requested_by bigint NOT NULL REFERENCES staff_members (id),
  decided_by bigint REFERENCES staff_members (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'cancelled')),
  -- Why it was asked for, and why it was rejected or cancelled.
  request_reason text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK ((state = 'pending') = (decided_at IS NULL))
);
-- One open request per target: asking again answers the one waiting.
CREATE UNIQUE INDEX approval_requests_open ON approval_requests (kind, target_type, target_id)
  WHERE state = 'pending';
CREATE INDEX approval_requests_state ON approval_requests (state, id);
CREATE INDEX approval_requests_target ON approval_requests (target_type, target_id, id);

-- A manual balance adjustment of a player's real money by a staff member, with its reason. It is
-- `applied` (its ledger transaction, kind `adjustment`, against house_adjustments), or waits for
-- a second member's approval (`pending`) and then is applied or `rejected`. The client's
-- idempotency key makes a retried request answer the first adjustment.
CREATE TABLE balance_adjustments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL REFERENCES currencies (code),
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
  kind text NOT NULL DEFAULT 'real' CHECK (kind IN ('real')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  state text NOT NULL CHECK (state IN ('pending', 'applied', 'rejected')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  requested_by bigint NOT NULL REFERENCES staff_members (id),
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX balance_adjustments_user ON balance_adjustments (user_id, id DESC);

-- The house's side of adjustments: ledger_accounts_valid() (../functions/ledger_accounts_valid.sql)
-- accepts the kind `house_adjustments` from this migration on.

-- A payment's history of states in the back office: its events, found by the payment's id.
CREATE INDEX events_payment ON events ((payload->>'payment_id'), id)
  WHERE type LIKE 'deposit.%' OR type LIKE 'withdrawal.%';
