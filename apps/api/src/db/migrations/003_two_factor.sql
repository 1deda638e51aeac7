-- TOTP two-factor authentication: the secret (encrypted at rest), the last accepted time step
-- (each code works once), and single-use backup codes (hashed).
ALTER TABLE users ADD COLUMN two_factor_pending_secret text;
ALTER TABLE users ADD COLUMN two_factor_last_step bigint;

CREATE TABLE user_backup_codes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
