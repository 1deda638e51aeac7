-- Writes an event to the outbox (docs/events.md), in the caller's transaction.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 030_events
--
-- The transaction's id is taken before the event's: a consumer that finds an event id missing
-- waits until every transaction older than its read has ended, which covers the writer of the
-- missing id only if that writer had its transaction id when it took the event id.
CREATE OR REPLACE FUNCTION emit_event(p_type text, p_version smallint, p_user bigint, p_payload jsonb)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  PERFORM pg_current_xact_id();
  INSERT INTO events (type, version, user_id, payload) VALUES (p_type, p_version, p_user, p_payload)
  RETURNING id INTO v_id;
  RETURN v_id;
END;
$$;
