-- Issue 19, two-factor authentication:
-- * A set-up secret is derived from SESSION_SECRET, the player and a generation that moves on each
--   turn on or off, so GET /api/v2/player/two_factor writes nothing (it used to store a new pending
--   secret each time, and a second GET voided a set-up in progress).
-- * Each sign-in challenge (the signed otp_challenge cookie) is recorded when it is used, on every
--   node, so it cannot be replayed with another code within its five minutes.
-- * Backup codes are kept as HMAC-SHA256 (key derived from SESSION_SECRET) of their SHA-256;
--   `keyed` is false for codes stored before (plain SHA-256), which are wrapped at start-up.
ALTER TABLE users ADD COLUMN two_factor_generation integer NOT NULL DEFAULT 0;
ALTER TABLE users DROP COLUMN two_factor_pending_secret;

ALTER TABLE user_backup_codes ADD COLUMN keyed boolean NOT NULL DEFAULT false;

CREATE TABLE two_factor_challenges_used (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_challenges_used_expiry ON two_factor_challenges_used (user_id, expires_at);
