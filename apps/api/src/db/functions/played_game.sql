-- Notes that the player played the game (the lobby's recently played), to the minute: read first,
-- so that a spin writes nothing here most of the time (an upsert whose update is skipped still
-- locks the row, a write of its own). Called by every path that plays a round.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 010_games
CREATE OR REPLACE FUNCTION played_game(p_user bigint, p_game bigint, p_now timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM played_games
    WHERE user_id = p_user AND game_id = p_game AND last_activity_at >= p_now - interval '1 minute'
  ) THEN
    INSERT INTO played_games (user_id, game_id, last_activity_at) VALUES (p_user, p_game, p_now)
    ON CONFLICT (user_id, game_id) DO UPDATE SET last_activity_at = excluded.last_activity_at;
  END IF;
END;
$$;
