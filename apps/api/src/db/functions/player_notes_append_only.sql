-- Refuses any update or delete of a support note (triggers of player_notes).
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 034_audit_log
--
-- Notes are append-only: what support wrote to a player's file stays; a correction is a new note.
CREATE OR REPLACE FUNCTION player_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player notes are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
