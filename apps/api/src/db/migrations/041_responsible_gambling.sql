-- The back office's responsible-gambling screen (docs/backoffice.md "Responsible gambling"): its
-- permission module, the trail of staff interactions with a player about their gambling, and the
-- indexes of the markers-of-harm report.

-- The module `responsible_gambling` in the builtin roles: owner and admin approve, support records
-- interactions (edit), read-only reads. The other builtin roles (payments, kyc, marketing) have no
-- business with it; custom roles get it from the roles screen.
UPDATE staff_roles SET permissions = permissions || '{"responsible_gambling":"approve"}'
  WHERE builtin AND name IN ('owner', 'admin');
UPDATE staff_roles SET permissions = permissions || '{"responsible_gambling":"edit"}'
  WHERE builtin AND name = 'support';
UPDATE staff_roles SET permissions = permissions || '{"responsible_gambling":"view"}'
  WHERE builtin AND name = 'read-only';

-- What staff did about a player's gambling: a note, a call, an e-mail, a chat, a limit suggested,
-- self-exclusion recommended…, with an optional date to follow up. Append-only, like player_notes.
CREATE TABLE rg_interactions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  staff_id bigint NOT NULL REFERENCES staff_members (id),
  -- The staff member's e-mail at the time (the audit log's actor label).
  staff_label text NOT NULL,
  kind text NOT NULL CHECK (kind IN (
    'note', 'call', 'email', 'chat', 'limit_suggested', 'self_exclusion_recommended', 'cooling_off_recommended',
    'referred_to_support'
  )),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  follow_up_on date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rg_interactions_user ON rg_interactions (user_id, id DESC);

-- rg_interactions_append_only(): its current definition is ../functions/rg_interactions_append_only.sql.
CREATE TRIGGER rg_interactions_append_only BEFORE UPDATE OR DELETE ON rg_interactions
  FOR EACH ROW EXECUTE FUNCTION rg_interactions_append_only();
CREATE TRIGGER rg_interactions_no_truncate BEFORE TRUNCATE ON rg_interactions
  FOR EACH STATEMENT EXECUTE FUNCTION rg_interactions_append_only();

-- The markers report reads a window of every player's activity by time: deposits and withdrawals
-- by creation (payments_user_created serves one player only), game sessions by start
-- (game_sessions_user_time likewise).
CREATE INDEX payments_created ON payments (created_at);
CREATE INDEX game_sessions_created ON game_sessions (created_at);
-- The players list: limits by type among those in force or recently ended.
CREATE INDEX user_limits_type ON user_limits (type, user_id);
-- Players who chose a reality-check interval.
CREATE INDEX users_reality_check ON users (id) WHERE reality_check_minutes IS NOT NULL;
