-- The round writes take the game server's clock (docs/ARCHITECTURE.md "Time"): gs_write_rounds and
-- gs_store_rounds gain a last parameter, the batch's time, which stamps each new round's created_at
-- and last_action_at (the settler compares them with the same clock). The definitions without it
-- go; the new ones follow this migration (../functions/gs_write_rounds.sql, gs_store_rounds.sql).
DROP FUNCTION IF EXISTS gs_write_rounds(text[], bigint[], text[], text[], text[], text[], text[], text[],
  bigint[], bigint[], text[], jsonb[], jsonb[], text[], text[], bigint[], bigint[], timestamptz[]);
DROP FUNCTION IF EXISTS gs_store_rounds(text[], text[], text[], text[], text[], text[], bigint[], bigint[],
  text[], jsonb[], jsonb[], text[], text[], bigint[], bigint[], timestamptz[]);
