-- The back office's staff (issue 22; docs/security.md "Staff"): accounts apart from players, roles
-- over a permission matrix (module × view/edit/approve), one-time set-up links, device-bound
-- sessions with a short idle timeout, and every sign-in attempt.

-- A role's permissions: {"payments": "approve", "players": "view", ...}; a module left out is no access.
CREATE TABLE staff_roles (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  builtin boolean NOT NULL DEFAULT false,
  permissions jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO staff_roles (name, builtin, permissions) VALUES
  ('owner', true, '{"dashboard":"approve","players":"approve","payments":"approve","verification":"approve","games":"approve","content":"approve","reports":"approve","mail":"approve","staff":"approve","audit":"approve"}'),
  ('admin', true, '{"dashboard":"view","players":"approve","payments":"approve","verification":"approve","games":"edit","content":"edit","reports":"view","mail":"edit","staff":"edit","audit":"view"}'),
  ('payments', true, '{"dashboard":"view","players":"view","payments":"approve","reports":"view"}'),
  ('kyc', true, '{"dashboard":"view","players":"view","verification":"approve"}'),
  ('support', true, '{"dashboard":"view","players":"edit","payments":"view","verification":"view","games":"view","mail":"edit"}'),
  ('marketing', true, '{"dashboard":"view","content":"edit","games":"edit","reports":"view"}'),
  ('read-only', true, '{"dashboard":"view","players":"view","payments":"view","verification":"view","games":"view","content":"view","reports":"view","mail":"view","audit":"view"}');

CREATE TABLE staff_members (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  role_id bigint NOT NULL REFERENCES staff_roles (id),
  -- invited: the set-up link is out; active: password and TOTP set; disabled: no sign-in.
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'active', 'disabled')),
  password_hash text,
  -- The TOTP secret sealed with a key derived from SESSION_SECRET (lib/secret-box.ts).
  totp_secret text,
  -- The last TOTP time step used: a code is accepted once.
  totp_last_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  invited_by bigint REFERENCES staff_members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE UNIQUE INDEX staff_members_email ON staff_members (lower(email));

-- One-time links: the first owner's set-up, an invitation, a reset of a member's TOTP. Only the
-- token's SHA-256 is kept.
CREATE TABLE staff_tokens (
  token_hash bytea PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_members (id),
  purpose text NOT NULL CHECK (purpose IN ('setup', 'invite', 'reset')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_tokens_member ON staff_tokens (staff_id);

-- A signed-in device: the cookie holds a random token, the row its SHA-256 and the device it was
-- issued to (a hash of the user agent): the token presented by another browser is refused.
CREATE TABLE staff_sessions (
  token_hash bytea PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff_members (id),
  device_hash bytea NOT NULL,
  ip inet,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text
);
CREATE INDEX staff_sessions_member ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- Every sign-in attempt, successful or not (the sign-in history; lockout counts on staff_members).
CREATE TABLE staff_sign_ins (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff_members (id),
  email text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('ok', 'bad_password', 'bad_code', 'locked', 'disabled', 'unknown')),
  ip inet,
  user_agent text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sign_ins_member ON staff_sign_ins (staff_id, at DESC);
