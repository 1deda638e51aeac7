-- The back office's audit log (issue 22, docs/security.md "Audit log"): every staff action and the
-- change it causes, written by audit_append() in the transaction of the action, append-only and
-- chained by SHA-256 so that `npm run audit:verify` finds any entry changed, removed or inserted.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- The staff member (staff accounts land in their own migration, hence no foreign key); NULL for
  -- the system or a command-line tool, told apart by actor_label.
  actor_id bigint,
  -- The actor as they were then (their e-mail at the time, or `system` / `cli`): an account renamed
  -- or removed later must not change what the log says.
  actor_label text NOT NULL,
  action text NOT NULL CHECK (action ~ '^[a-z0-9_]+(\.[a-z0-9_]+)+$'),
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  reason text,
  ip inet,
  user_agent text,
  request_id text,
  prev_hash bytea NOT NULL CHECK (octet_length(prev_hash) = 32),
  hash bytea NOT NULL CHECK (octet_length(hash) = 32)
);
-- The viewer's filters, each with id to page by keyset within it.
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_actor_label ON audit_log (actor_label, id);
-- text_pattern_ops: the action filter is a prefix (`payment` finds `payment.approved`), a LIKE
-- that an index in the database's collation could not serve.
CREATE INDEX audit_log_action ON audit_log (action text_pattern_ops);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id);

-- Append-only, enforced by the database whatever the client: no row is updated or deleted, and
-- the table is never truncated (a statement trigger: TRUNCATE fires no row triggers).
-- audit_append_only(): its current definition is ../functions/audit_append_only.sql.
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
