-- The game server's round writes in one statement.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 006_round_times
--
-- The game server's round writes in one statement: the rounds the wallet has settled since the last
-- statement, and the new rounds with their nonce claims (gs_store_rounds). One batcher carries both,
-- one statement at a time, so a busy server pays one round trip and one commit for both kinds.
-- p_now: the game server's clock when the statement was sent (the new rounds' time).
CREATE OR REPLACE FUNCTION gs_write_rounds(
  p_settle_ids text[], p_settle_balances bigint[],
  p_round_ids text[], p_session_ids text[], p_player_keys text[], p_games text[], p_modes text[],
  p_currencies text[], p_bets bigint[], p_wins bigint[], p_statuses text[], p_outcomes jsonb[],
  p_hidden jsonb[], p_hashes text[], p_client_seeds text[], p_nonces bigint[], p_balances bigint[],
  p_settled timestamptz[], p_now timestamptz
) RETURNS SETOF text
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_settle_ids) > 0 THEN
    PERFORM gs_settle_rounds(p_settle_ids, p_settle_balances);
  END IF;
  IF cardinality(p_round_ids) > 0 THEN
    RETURN QUERY SELECT gs_store_rounds(p_round_ids, p_session_ids, p_player_keys, p_games, p_modes,
      p_currencies, p_bets, p_wins, p_statuses, p_outcomes, p_hidden, p_hashes, p_client_seeds,
      p_nonces, p_balances, p_settled, p_now);
  END IF;
END;
$$;
