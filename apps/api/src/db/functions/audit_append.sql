-- Appends one entry to the audit log, chained to the one before it.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 034_audit_log
--
-- Called in the transaction of the action it records (AuditLog.record), so both commit or roll
-- back together. docs/security.md "Audit log" describes the chain; the verifier recomputes it in
-- TypeScript (apps/api/src/modules/audit/canonical.ts), so the two must agree byte for byte.
--
-- 1. One writer at a time: a transaction-level advisory lock, held until the caller commits or
--    rolls back, so concurrent writers chain in commit order and no two entries take the same
--    previous hash. The id is drawn after the lock, so ids grow in chain order too (a rolled-back
--    append leaves a gap in the ids, never in the chain).
-- 2. Read committed only: a repeatable-read snapshot taken before another writer committed would
--    not see that writer's entry and would fork the chain, so such a caller is refused.
-- 3. hash = sha256(prev_hash || canonical bytes), prev_hash of the first entry 32 zero bytes. The
--    canonical text is `audit-v1` followed by each field, in this order: id, at (epoch
--    microseconds), actor_id, actor_label, action, target_type, target_id, before, after (jsonb as
--    ::text, PostgreSQL's normal form), reason, ip (inet::text, with its mask), user_agent, request_id; each
--    as `|<length in UTF-8 bytes>:<text>`, or `|~` when NULL. The lengths make it unambiguous
--    whatever a field holds.
CREATE OR REPLACE FUNCTION audit_append(
  p_at timestamptz,
  p_actor_id bigint,
  p_actor_label text,
  p_action text,
  p_target_type text,
  p_target_id text,
  p_before jsonb,
  p_after jsonb,
  p_reason text,
  p_ip inet,
  p_user_agent text,
  p_request_id text
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_prev bytea;
  v_text text;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_append needs a read committed transaction (it is %)',
      current_setting('transaction_isolation');
  END IF;
  -- 0x617564697400 ('audit' and a zero byte): the audit log's lock, apart from any other key.
  PERFORM pg_advisory_xact_lock(107156823700480);
  SELECT hash INTO v_prev FROM audit_log ORDER BY id DESC LIMIT 1;
  v_prev := coalesce(v_prev, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea);
  v_id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  v_text := audit_canonical(
    v_id, p_at, p_actor_id, p_actor_label, p_action, p_target_type, p_target_id,
    p_before, p_after, p_reason, p_ip, p_user_agent, p_request_id
  );
  INSERT INTO audit_log (id, at, actor_id, actor_label, action, target_type, target_id, before, after,
    reason, ip, user_agent, request_id, prev_hash, hash)
  VALUES (v_id, p_at, p_actor_id, p_actor_label, p_action, p_target_type, p_target_id, p_before, p_after,
    p_reason, p_ip, p_user_agent, p_request_id, v_prev, sha256(v_prev || convert_to(v_text, 'UTF8')));
  RETURN v_id;
END;
$$;
