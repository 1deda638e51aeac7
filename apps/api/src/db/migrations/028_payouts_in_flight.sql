-- Payouts in flight (issue 19, finding 2 for withdrawals; docs/payments.md "Payouts in flight").
--
-- The sandbox provider records each payout it makes in its own record too, keyed like a deposit by
-- the casino's payment id (the withdrawal's id is its idempotency key there): a repeated payout
-- request answers the first one and never pays twice, and its status query answers for payouts.
-- `approved` is paid; `canceled` is a payout the casino stopped before the provider received it.
ALTER TABLE sandbox_provider_payments
  ADD COLUMN action text NOT NULL DEFAULT 'deposit' CHECK (action IN ('deposit', 'payout'));

-- The operator's approval marks the withdrawal `processing` (being paid out) and stamps this in a
-- first transaction, before the provider is asked: a node that dies before recording the answer
-- leaves a row the reconciler recognises, and asks the provider about once the grace has passed.
ALTER TABLE payments ADD COLUMN payout_sent_at timestamptz;
ALTER TABLE payments ADD CONSTRAINT payments_payout_in_flight
  CHECK (action = 'deposit' OR state <> 'processing' OR payout_sent_at IS NOT NULL);
CREATE INDEX payouts_in_flight ON payments (payout_sent_at) WHERE state = 'processing' AND action = 'cashout';
