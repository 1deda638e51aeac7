-- Player self-service: e-mail changes confirmed from the new address, and GDPR data exports.

-- A requested new address, until the link sent to it is opened (the account keeps its address meanwhile).
ALTER TABLE users ADD COLUMN unconfirmed_email text;
-- The address a confirmation link was sent to when it confirms an e-mail change; NULL for the account's own address.
ALTER TABLE user_tokens ADD COLUMN email text;

-- A player's data export, downloaded through an e-mailed link: only the SHA-256 of the link's token is stored.
CREATE TABLE gdpr_reports (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  downloaded_at timestamptz
);
CREATE INDEX gdpr_reports_user ON gdpr_reports (user_id, created_at);
