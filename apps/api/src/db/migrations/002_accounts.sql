-- Player accounts, sessions, one-time tokens and the e-mail outbox.

CREATE TABLE user_groups_catalog (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  writable boolean NOT NULL DEFAULT false
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  -- Lower-cased and trimmed: one account per address whatever its case.
  email_normalized text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text,
  first_name text,
  last_name text,
  gender text CHECK (gender IN ('m', 'f')),
  date_of_birth date,
  address text,
  city text,
  postal_code text,
  country char(2) REFERENCES countries (code),
  mobile_phone text,
  currency text NOT NULL REFERENCES currencies (code),
  language text NOT NULL REFERENCES locales (code),
  receive_promos boolean NOT NULL DEFAULT false,
  receive_sms_promos boolean NOT NULL DEFAULT false,
  receive_promos_via_phone_calls boolean NOT NULL DEFAULT false,
  agreed_to_partner_promotions boolean NOT NULL DEFAULT false,
  terms_accepted_at timestamptz,
  confirmed_at timestamptz,
  verified boolean NOT NULL DEFAULT false,
  two_factor_secret text,
  two_factor_enabled_at timestamptz,
  deposit_bonus_code text,
  can_issue_bonuses boolean NOT NULL DEFAULT true,
  profession text,
  stag_id text,
  stag_visit text,
  utm jsonb NOT NULL DEFAULT '{}',
  registration_ip text,
  registration_country char(2),
  device_fingerprint text,
  sign_in_count integer NOT NULL DEFAULT 0,
  current_sign_in_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- VIP statuses (statuses table) and other groups (catalog) a player belongs to.
CREATE TABLE user_groups (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id integer NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id)
);

-- Only a hash of the session token is stored: a database leak does not leak sessions.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set by a recent password entry; sensitive changes need it.
  reauthenticated_at timestamptz,
  ip text,
  user_agent text,
  country char(2),
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirmation', 'password_reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_tokens_user ON user_tokens (user_id, purpose);

-- Failed sign-ins, per account and per address, for lockouts.
CREATE TABLE auth_failures (
  id bigserial PRIMARY KEY,
  email_normalized text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_failures_email ON auth_failures (email_normalized, created_at);
CREATE INDEX auth_failures_ip ON auth_failures (ip, created_at);

-- Every e-mail the casino sends; without SMTP this is the development outbox.
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  template text NOT NULL,
  locale text NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX email_outbox_to ON email_outbox (to_address, created_at);
