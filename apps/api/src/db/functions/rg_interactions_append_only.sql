-- Refuses any update or delete of a responsible-gambling interaction (triggers of rg_interactions).
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 040_staff_first_owner
--
-- The trail of what staff did about a player's gambling is evidence for the regulator: what was
-- written stays; a correction is a new entry.
CREATE OR REPLACE FUNCTION rg_interactions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'responsible-gambling interactions are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
