-- Instant rounds by group commit: many rounds, one transaction, one subtransaction each.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 023_instant_rounds_lock_order
--
-- Instant rounds by group commit (docs/ARCHITECTURE.md "Games, catalogue and wallet"): the rounds
-- the wallet receives while its last statement runs go together in the next, one transaction and
-- one commit for all, each in a subtransaction of its own, so that a round refused (insufficient
-- funds, a closed session, a replay, limits on play) writes nothing and the others stand. Each
-- round's answer, or its SQLSTATE and message, comes back under its place in the arrays; the
-- player of each round that was played comes along (the wallet tells the player's open tabs).
-- SeamlessWallet sends one such statement at a time, so two never wait on each other; a round that
-- fails on anything but the wallet's own errors (a deadlock with a rollback, say) is sent again
-- alone.
--
-- One lock order for every ledger path (docs/ARCHITECTURE.md "Ledger"): balance rows are locked
-- player accounts first, then house accounts, each group by id, as ledger_post() does. The batched
-- spins broke it: wallet_instant_rounds() played its rounds in arrival order, each locking its
-- player's account and then the house shard, so a batch held a shard (from its first round) while
-- it waited for the account of a later round's player, whose single bet (wallet_move(), through
-- ledger_post()) held that account and waited for the same shard: PostgreSQL found the cycle after
-- deadlock_timeout and failed one of them, the single bet answering 500 (lock-order.test.ts).
--
-- The batch now never waits for a player's account while it may hold a shard: from its second
-- round on, a round takes its player's account with NOWAIT, and one whose account is busy fails
-- at once (its subtransaction undone, nothing else) to be played again alone by the casino, where
-- it takes the account and then the shard like every other path.
CREATE OR REPLACE FUNCTION wallet_instant_rounds(
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
      -- From its second round on, the batch holds the house shards of the rounds before: it must
      -- not then wait for a player's account, whose single bet may hold it and wait for one of
      -- those shards (ledger_post() takes players first, then houses). A round whose player's
      -- account is busy fails at once (55P03) and the casino plays it again alone, in that order.
      -- Taken in the round's own subtransaction, the lock costs no MultiXact when the round then
      -- updates the row (a lock taken up front by the batch for all its rows did: about 0.2 ms of
      -- PostgreSQL's CPU per spin at 500/s, and it held every shard from the start).
      IF i > 1 THEN
        PERFORM 1
        FROM game_sessions gs
        JOIN ledger_accounts p ON p.user_id = gs.user_id AND p.kind = 'player_real' AND p.currency = gs.currency
        WHERE gs.id = p_sessions[i]
        FOR NO KEY UPDATE OF p NOWAIT;
      END IF;
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
