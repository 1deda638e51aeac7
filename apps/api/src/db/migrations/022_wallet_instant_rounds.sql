-- Instant rounds by group commit (docs/ARCHITECTURE.md "Games, catalogue and wallet"): the rounds
-- the wallet receives while its last statement runs go together in the next, one transaction and
-- one commit for all, each in a subtransaction of its own, so that a round refused (insufficient
-- funds, a closed session, a replay, limits on play) writes nothing and the others stand. Each
-- round's answer, or its SQLSTATE and message, comes back under its place in the arrays; the
-- player of each round that was played comes along (the wallet tells the player's open tabs).
-- SeamlessWallet sends one such statement at a time, so two never wait on each other; a round that
-- fails on anything but the wallet's own errors (a deadlock with a rollback, say) is sent again
-- alone.
CREATE FUNCTION wallet_instant_rounds(
  p_provider text,
  p_sessions text[],
  p_txs text[],
  p_rounds text[],
  p_bets bigint[],
  p_win_txs text[],
  p_wins bigint[],
  p_checked boolean[],
  p_now timestamptz,
  p_idle interval,
  p_shards integer
) RETURNS TABLE (r_index integer, r_answer jsonb, r_user bigint, r_code text, r_message text)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  FOR i IN 1 .. cardinality(p_sessions) LOOP
    r_index := i;
    BEGIN
      r_answer := wallet_instant_round(p_provider, p_sessions[i], p_txs[i], p_rounds[i], p_bets[i],
        p_win_txs[i], p_wins[i], p_now, p_idle, p_shards, p_checked[i]);
      SELECT user_id INTO r_user FROM game_sessions WHERE id = p_sessions[i];
      r_code := NULL;
      r_message := NULL;
    EXCEPTION WHEN OTHERS THEN
      r_answer := NULL;
      r_user := NULL;
      r_code := SQLSTATE;
      r_message := SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
