-- The events of players (docs/events.md): player.registered, player.confirmed, player.verified.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 030_events
--
-- Written by the database on the change itself, whatever path made it (registration, the
-- e-mailed link, the verification review), deferred to the end of the transaction.
CREATE OR REPLACE FUNCTION events_of_players() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM emit_event('player.registered', 1::smallint, NEW.id, jsonb_build_object(
      'email', NEW.email,
      'currency', NEW.currency,
      'country', NEW.country,
      'registered_at', to_jsonb(NEW.created_at)));
    RETURN NULL;
  END IF;
  IF OLD.confirmed_at IS NULL AND NEW.confirmed_at IS NOT NULL THEN
    PERFORM emit_event('player.confirmed', 1::smallint, NEW.id,
      jsonb_build_object('confirmed_at', to_jsonb(NEW.confirmed_at)));
  END IF;
  IF OLD.verified IS DISTINCT FROM NEW.verified THEN
    PERFORM emit_event('player.verified', 1::smallint, NEW.id, jsonb_build_object('verified', NEW.verified));
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS users_events ON users;
CREATE CONSTRAINT TRIGGER users_events AFTER INSERT OR UPDATE OF confirmed_at, verified ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION events_of_players();
