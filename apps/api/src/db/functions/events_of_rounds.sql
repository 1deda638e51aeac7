-- The events of game rounds (docs/events.md): round.updated, round.settled, round.rolled_back.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 030_events
--
-- Written by the database whatever path changed the round (wallet_instant_round(), wallet_move(),
-- a rollback, the settling of open rounds), from a constraint trigger deferred to the end of the
-- transaction: the event's id is taken once the transaction holds the player's account, so two
-- rounds of one player that wait on each other get ids in the order they commit. A round's insert
-- while still open (its first bet is the update that follows) writes nothing.
CREATE OR REPLACE FUNCTION events_of_rounds() RETURNS trigger
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_type text;
  v_payload jsonb;
  v_bet bigint;
  v_win bigint;
  g games%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'closed' THEN
      RETURN NULL;
    END IF;
    v_type := 'round.settled';
    v_bet := NEW.total_bets;
    v_win := NEW.total_wins;
  ELSIF NEW.total_bets < OLD.total_bets OR NEW.total_wins < OLD.total_wins THEN
    v_type := 'round.rolled_back';
    v_bet := OLD.total_bets - NEW.total_bets;
    v_win := OLD.total_wins - NEW.total_wins;
  ELSIF OLD.status = 'open' AND NEW.status = 'closed' THEN
    v_type := 'round.settled';
    v_bet := NEW.total_bets;
    v_win := NEW.total_wins;
  ELSIF NEW.status = 'open' AND (NEW.total_bets <> OLD.total_bets OR NEW.total_wins <> OLD.total_wins) THEN
    v_type := 'round.updated';
    v_bet := NEW.total_bets - OLD.total_bets;
    v_win := NEW.total_wins - OLD.total_wins;
  ELSE
    RETURN NULL;
  END IF;

  SELECT provider, type INTO g.provider, g.type FROM games WHERE id = NEW.game_id;
  v_payload := jsonb_build_object(
    'integration', NEW.provider,
    'round_id', NEW.round_id,
    'game_id', NEW.game_id::text,
    'provider', g.provider,
    'category', g.type,
    'currency', NEW.currency,
    'bet', v_bet::text,
    'win', v_win::text);
  IF v_type = 'round.settled' THEN
    v_payload := v_payload || jsonb_build_object('settled_at', to_jsonb(coalesce(NEW.finished_at, now())));
  ELSIF v_type = 'round.updated' THEN
    v_payload := v_payload || jsonb_build_object('total_bets', NEW.total_bets::text, 'total_wins', NEW.total_wins::text);
  ELSE
    v_payload := v_payload || jsonb_build_object('void', NEW.status = 'rolled_back');
  END IF;
  -- emit_event() inlined (a spin's statement): the round's row already gave the transaction its id.
  INSERT INTO events (type, version, user_id, payload) VALUES (v_type, 1, NEW.user_id, v_payload);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS game_rounds_events ON game_rounds;
CREATE CONSTRAINT TRIGGER game_rounds_events AFTER INSERT OR UPDATE ON game_rounds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION events_of_rounds();
