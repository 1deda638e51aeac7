-- The sandbox provider's own record of the deposits it was asked for (its side of the world, as a
-- real provider's database would be): written in its own transaction when it answers, keyed by the
-- casino's payment id (the merchant's order id), so that its status query answers what it decided
-- and a request repeated or arriving late gets the first decision. No foreign key to payments: the
-- casino and the provider only share the id.
CREATE TABLE sandbox_provider_payments (
  payment_id bigint PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  -- approved / declined: final; redirect: waiting on its page (3-D Secure, e-wallet); pending: a
  -- transfer it confirms later; canceled: the casino gave up on a request it never received.
  status text NOT NULL CHECK (status IN ('approved', 'declined', 'redirect', 'pending', 'canceled')),
  reason text,
  redirect_url text,
  amount_cents bigint CHECK (amount_cents > 0),
  currency text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The reconciler looks for deposits still in `processing` older than its grace period.
CREATE INDEX payments_in_flight ON payments (created_at) WHERE state = 'processing';
