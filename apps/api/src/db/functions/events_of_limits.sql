-- The events of responsible-gambling limits (docs/events.md): limit.set, written whenever a limit
-- is set, changed, scheduled to change, confirmed or removed, with the limit as it then stands.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 030_events
CREATE OR REPLACE FUNCTION events_of_limits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.amounts, NEW.period, NEW.ends_at, NEW.pending, NEW.pending_removal, NEW.removed_at)
      IS NOT DISTINCT FROM (OLD.amounts, OLD.period, OLD.ends_at, OLD.pending, OLD.pending_removal, OLD.removed_at) THEN
    RETURN NULL;
  END IF;
  PERFORM emit_event('limit.set', 1::smallint, NEW.user_id, jsonb_build_object(
    'limit_id', NEW.id::text,
    'type', NEW.type,
    'period', NEW.period,
    'amounts', NEW.amounts,
    'lifetime', NEW.lifetime,
    'ends_at', to_jsonb(NEW.ends_at),
    'pending', NEW.pending,
    'pending_removal', NEW.pending_removal,
    'removed_at', to_jsonb(NEW.removed_at)));
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS user_limits_events ON user_limits;
CREATE CONSTRAINT TRIGGER user_limits_events AFTER INSERT OR UPDATE ON user_limits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION events_of_limits();
