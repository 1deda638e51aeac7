-- The first owner's set-up link (issue 22): on an install without any staff member, every start prints a
-- one-time link (docs/security.md "Staff"); whoever opens it gives the owner's e-mail, name and
-- password and enrols an authenticator. A new start replaces an unused link; the first member created
-- any way (this link or `npm run staff:create`) ends them all.
CREATE TABLE staff_first_owner_links (
  token_hash bytea PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
