-- The events of payments (docs/events.md): deposit.succeeded and .failed; withdrawal.requested,
-- .approved (being paid out), .paid, .recalled and .rejected.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 030_events
--
-- Written by the database on each change of a payment's state, whatever path made it (the
-- cashier, a provider's callback, the reconciler, the operator's command), from a constraint
-- trigger deferred to the end of the transaction (its ledger posting holds the player's account
-- by then). The payload is the payment as it stands once the transaction ends.
CREATE OR REPLACE FUNCTION events_of_payments() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_type text;
  p payments%ROWTYPE;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.state = OLD.state THEN
    RETURN NULL;
  END IF;
  v_type := CASE
    WHEN NEW.action = 'deposit' AND NEW.state = 'succeeded' THEN 'deposit.succeeded'
    WHEN NEW.action = 'deposit' AND NEW.state IN ('declined', 'canceled', 'rejected') THEN 'deposit.failed'
    WHEN NEW.action = 'cashout' AND TG_OP = 'INSERT' AND NEW.state = 'pending' THEN 'withdrawal.requested'
    WHEN NEW.action = 'cashout' AND NEW.state = 'processing' THEN 'withdrawal.approved'
    WHEN NEW.action = 'cashout' AND NEW.state = 'succeeded' THEN 'withdrawal.paid'
    WHEN NEW.action = 'cashout' AND NEW.state = 'recalled' THEN 'withdrawal.recalled'
    WHEN NEW.action = 'cashout' AND NEW.state IN ('rejected', 'declined', 'canceled') THEN 'withdrawal.rejected'
  END;
  IF v_type IS NULL THEN
    RETURN NULL;
  END IF;
  -- The row as of this change (a later change in the same transaction writes its own event).
  p := NEW;
  PERFORM emit_event(v_type, 1::smallint, p.user_id, jsonb_build_object(
    'payment_id', p.id::text,
    'method_id', p.method_id,
    'currency', p.currency,
    'amount', p.amount_cents::text,
    'fee', p.fee_cents::text,
    'state', p.state,
    'recallable', p.recallable,
    'reason', p.cancellation_reason,
    'created_at', to_jsonb(p.created_at),
    'finished_at', to_jsonb(p.finished_at)));
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS payments_events ON payments;
CREATE CONSTRAINT TRIGGER payments_events AFTER INSERT OR UPDATE OF state ON payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION events_of_payments();
