-- Marks instant rounds settled.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 004_round_batches
--
-- Instant rounds the wallet has settled, with the balance it answered.
CREATE OR REPLACE FUNCTION gs_settle_rounds(p_round_ids text[], p_balances bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. cardinality(p_round_ids) LOOP
    UPDATE gs_rounds SET status = 'settled', balance_after_cents = p_balances[i], settled_at = now()
    WHERE round_id = p_round_ids[i];
  END LOOP;
END;
$$;
