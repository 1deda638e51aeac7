-- Stores new rounds with their nonce claims.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 006_round_times
--
-- Rounds stored and settled many to a statement (group commit, packages/db/src/batch.ts): one
-- round trip and one commit for the rounds that arrived while the last statement ran. Each round
-- is looked up by its key, one after another: a join of the batch with the table let the planner
-- choose a scan of gs_players from a plan made while the table was new, which then read every
-- dead version the nonce updates had left (1 ms a statement in bench:games).

-- Each round stored only if the nonce it was decided with is still its player's next (the claim);
-- answers the ids of the rounds stored. Two rounds of one player in a batch: the second finds the
-- nonce taken, as if it had come after the first, and is decided again from fresh seeds. The
-- rounds are stamped with p_now, the game server's clock (the settler ages them by it).
CREATE OR REPLACE FUNCTION gs_store_rounds(
  p_round_ids text[], p_session_ids text[], p_player_keys text[], p_games text[], p_modes text[],
  p_currencies text[], p_bets bigint[], p_wins bigint[], p_statuses text[], p_outcomes jsonb[],
  p_hidden jsonb[], p_hashes text[], p_client_seeds text[], p_nonces bigint[], p_balances bigint[],
  p_settled timestamptz[], p_now timestamptz
) RETURNS SETOF text
LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. cardinality(p_round_ids) LOOP
    UPDATE gs_players SET nonce = nonce + 1
    WHERE player_key = p_player_keys[i] AND nonce = p_nonces[i] - 1
      AND server_seed_hash = p_hashes[i] AND client_seed = p_client_seeds[i];
    IF FOUND THEN
      INSERT INTO gs_rounds (round_id, session_id, player_key, game, mode, currency, bet_cents, win_cents,
        status, outcome, hidden, server_seed_hash, client_seed, nonce, balance_after_cents, settled_at,
        created_at, last_action_at)
      VALUES (p_round_ids[i], p_session_ids[i], p_player_keys[i], p_games[i], p_modes[i], p_currencies[i],
        p_bets[i], p_wins[i], p_statuses[i], p_outcomes[i], p_hidden[i], p_hashes[i], p_client_seeds[i],
        p_nonces[i], p_balances[i], p_settled[i], p_now, p_now);
      RETURN NEXT p_round_ids[i];
    END IF;
  END LOOP;
END;
$$;
