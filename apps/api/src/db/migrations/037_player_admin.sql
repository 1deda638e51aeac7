-- The back office's players (issue 22, docs/backoffice.md "Players"): blocking, test accounts,
-- support notes, and the indexes of the player search.

-- A blocked player cannot sign in and their sessions end (the back office's block action);
-- NULL: not blocked. The reason is the staff member's, kept with the audit entry too.
ALTER TABLE users ADD COLUMN blocked_at timestamptz;
ALTER TABLE users ADD COLUMN blocked_reason text CHECK (char_length(blocked_reason) <= 500);
-- An operator's own or a tester's account: left out of the dashboard's and the reports' figures
-- (reports filter `NOT users.test_account`).
ALTER TABLE users ADD COLUMN test_account boolean NOT NULL DEFAULT false;

-- Support's notes on a player: append-only (no update, no delete), like the audit log.
CREATE TABLE player_notes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  staff_id bigint NOT NULL REFERENCES staff_members (id),
  -- The staff member's e-mail at the time (the audit log's actor label).
  staff_label text NOT NULL,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX player_notes_user ON player_notes (user_id, id DESC);

-- player_notes_append_only(): its current definition is ../functions/player_notes_append_only.sql.
CREATE TRIGGER player_notes_append_only BEFORE UPDATE OR DELETE ON player_notes
  FOR EACH ROW EXECUTE FUNCTION player_notes_append_only();
CREATE TRIGGER player_notes_no_truncate BEFORE TRUNCATE ON player_notes
  FOR EACH STATEMENT EXECUTE FUNCTION player_notes_append_only();

-- The player search (pg_trgm is not available on PGlite: prefix searches on btree indexes with
-- text_pattern_ops, which serve `LIKE 'prefix%'` whatever the database's collation).
CREATE INDEX users_email_prefix ON users (email_normalized text_pattern_ops);
CREATE INDEX users_first_name_prefix ON users (lower(first_name) text_pattern_ops);
CREATE INDEX users_last_name_prefix ON users (lower(last_name) text_pattern_ops);
CREATE INDEX users_nickname_prefix ON users (lower(nickname) text_pattern_ops);
-- Phones are searched by their digits (whatever spaces or signs the player typed).
CREATE INDEX users_phone_digits ON users ((regexp_replace(mobile_phone, '[^0-9]', '', 'g')) text_pattern_ops);
CREATE INDEX users_registration_ip ON users (registration_ip);
CREATE INDEX sessions_ip ON sessions (ip);
-- The list's default order (newest first) and its registration-date filter.
CREATE INDEX users_created ON users (created_at, id);
