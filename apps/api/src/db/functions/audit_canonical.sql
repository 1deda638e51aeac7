-- The canonical text of an audit entry, the bytes its hash covers (after the previous hash).
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 032_game_enabled
--
-- `audit-v1`, then each field as `|<length in UTF-8 bytes>:<text>`, or `|~` when NULL, in a fixed
-- order. `at` is written as epoch microseconds (EXTRACT gives an exact numeric since PostgreSQL
-- 14), jsonb as ::text (PostgreSQL's normal form: keys sorted by length then bytes, duplicates
-- dropped, one space after `:` and `,`), inet as ::text (the address with its mask: 10.0.0.1/32).
-- canonical.ts builds the same text from the same renderings; a change here is a new version
-- prefix and a verifier that knows both.
CREATE OR REPLACE FUNCTION audit_canonical(
  p_id bigint,
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
) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT 'audit-v1' || string_agg(
    CASE WHEN f IS NULL THEN '|~' ELSE '|' || octet_length(f) || ':' || f END, '' ORDER BY n)
  FROM unnest(ARRAY[
    p_id::text,
    (EXTRACT(EPOCH FROM p_at) * 1000000)::bigint::text,
    p_actor_id::text,
    p_actor_label,
    p_action,
    p_target_type,
    p_target_id,
    p_before::text,
    p_after::text,
    p_reason,
    p_ip::text,
    p_user_agent,
    p_request_id
  ]) WITH ORDINALITY AS t (f, n)
$$;
