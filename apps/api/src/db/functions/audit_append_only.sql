-- Refuses any update, delete or truncate of the audit log (triggers of audit_log).
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 032_game_enabled
--
-- Append-only: what was done stays written; a correction is a new entry. Superusers can still
-- disable the trigger, which is why the entries are chained too (audit_append.sql).
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
