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

-- wallet_move() (the body of 018) reads its round and then updates it. A rollback of the round's
-- bet could void the round in between (it waits for the round's row, which the rollback now takes
-- before the balances): the win was then added to a void round and paid. The update now
-- requires the round still open once it holds the row, and refuses the call otherwise.
CREATE OR REPLACE FUNCTION wallet_move(
  p_provider text,
  p_session text,
  p_kind text,
  p_tx text,
  p_round text,
  p_amount bigint,
  p_win_tx text,
  p_win bigint,
  p_close boolean,
  p_now timestamptz,
  p_idle interval,
  p_shards integer,
  p_checked boolean
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  s game_sessions%ROWTYPE;
  stored game_transactions%ROWTYPE;
  r_id bigint;
  r_session text;
  r_status text;
  bal bigint;
  ledger_tx bigint;
  win_ledger_tx bigint;
  v_answer jsonb;
  meta jsonb;
  v_shard smallint;
BEGIN
  SELECT * INTO s FROM game_sessions WHERE id = p_session;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown_session' USING ERRCODE = 'AU002';
  END IF;

  INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents, status, answer)
  VALUES (p_provider, p_tx, p_kind, p_round, s.user_id, s.currency, p_amount, 'ok', '{}')
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- Seen before (a concurrent duplicate has committed by now): its first answer, or its error.
    SELECT * INTO stored FROM game_transactions WHERE provider = p_provider AND transaction_id = p_tx;
    IF stored.answer ? 'error' THEN
      RAISE EXCEPTION '%', stored.answer ->> 'error' USING ERRCODE = 'AU002';
    END IF;
    IF stored.kind <> p_kind OR stored.user_id <> s.user_id THEN
      RAISE EXCEPTION 'transaction_mismatch' USING ERRCODE = 'AU002';
    END IF;
    RETURN stored.answer;
  END IF;

  -- A new bet needs a session still open; a win is paid after the session ended (bet in time).
  IF p_kind = 'bet' AND (s.closed_at IS NOT NULL OR s.last_seen_at <= p_now - p_idle) THEN
    RAISE EXCEPTION 'session_expired' USING ERRCODE = 'AU002';
  END IF;

  -- A player with limits on play: the bet is checked against them first (SeamlessWallet's guarded
  -- path locks the limits, counts and calls again with p_checked). Nothing is written: the claim
  -- above is undone with the statement.
  IF p_kind = 'bet' AND NOT p_checked AND EXISTS (
    SELECT 1 FROM user_limits
    WHERE user_id = s.user_id AND removed_at IS NULL
      AND type IN ('wager', 'loss', 'session', 'coolingoff', 'selfexclusion')
  ) THEN
    RAISE EXCEPTION 'guarded' USING ERRCODE = 'AU003';
  END IF;

  -- The round: opened by its first bet, owned by one session, still open. A bet that carries
  -- its win opens and closes its round at once.
  IF p_win_tx IS NOT NULL THEN
    INSERT INTO game_rounds (provider, round_id, user_id, game_id, session_id, currency, total_bets,
      total_wins, status, created_at, finished_at)
    VALUES (p_provider, p_round, s.user_id, s.game_id, s.id, s.currency, p_amount, p_win, 'closed', p_now, p_now)
    ON CONFLICT (provider, round_id) DO NOTHING
    RETURNING id INTO r_id;
    IF r_id IS NULL THEN
      RAISE EXCEPTION 'round_mismatch' USING ERRCODE = 'AU002';
    END IF;
  ELSE
    IF p_kind = 'bet' THEN
      INSERT INTO game_rounds (provider, round_id, user_id, game_id, session_id, currency, created_at)
      VALUES (p_provider, p_round, s.user_id, s.game_id, s.id, s.currency, p_now)
      ON CONFLICT (provider, round_id) DO NOTHING
      RETURNING id, session_id, status INTO r_id, r_session, r_status;
    END IF;
    IF r_id IS NULL THEN
      SELECT id, session_id, status INTO r_id, r_session, r_status
      FROM game_rounds WHERE provider = p_provider AND round_id = p_round;
    END IF;
    IF r_id IS NULL OR r_session <> s.id OR r_status <> 'open' THEN
      RAISE EXCEPTION 'round_mismatch' USING ERRCODE = 'AU002';
    END IF;
    -- Still open when its row is ours: a rollback of its bet may have voided it since it was read.
    UPDATE game_rounds SET
      total_bets = total_bets + CASE WHEN p_kind = 'bet' THEN p_amount ELSE 0 END,
      total_wins = total_wins + CASE WHEN p_kind = 'win' THEN p_amount ELSE 0 END,
      status = CASE WHEN p_close THEN 'closed' ELSE status END,
      finished_at = CASE WHEN p_close THEN p_now ELSE finished_at END
    WHERE id = r_id AND status = 'open';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'round_mismatch' USING ERRCODE = 'AU002';
    END IF;
  END IF;

  v_shard := (s.user_id % p_shards)::smallint;
  meta := jsonb_build_object('round', p_round, 'game', s.game_id::text);
  IF p_amount > 0 THEN
    SELECT r_transaction, r_balance INTO ledger_tx, bal
    FROM ledger_post(
      'game:' || p_provider || ':' || p_tx, p_kind, s.user_id, meta,
      ARRAY[s.user_id, NULL]::bigint[], ARRAY['player_real', 'house_games'], ARRAY[s.currency, s.currency],
      CASE WHEN p_kind = 'bet' THEN ARRAY[-p_amount, p_amount] ELSE ARRAY[p_amount, -p_amount] END,
      v_shard)
    -- The player's entry: the debit of a bet, the credit of a win.
    WHERE CASE WHEN p_kind = 'bet' THEN r_amount < 0 ELSE r_amount > 0 END;
  END IF;

  IF p_win_tx IS NOT NULL AND p_win > 0 THEN
    SELECT r_transaction, r_balance INTO win_ledger_tx, bal
    FROM ledger_post(
      'game:' || p_provider || ':' || p_win_tx, 'win', s.user_id, meta,
      ARRAY[s.user_id, NULL]::bigint[], ARRAY['player_real', 'house_games'], ARRAY[s.currency, s.currency],
      ARRAY[p_win, -p_win], v_shard)
    WHERE r_amount > 0;
  END IF;

  IF bal IS NULL THEN
    SELECT balance INTO bal FROM ledger_accounts
    WHERE user_id = s.user_id AND kind = 'player_real' AND currency = s.currency;
  END IF;

  -- Recently played, to the minute: read first, so that a spin writes nothing here (an upsert
  -- whose update is skipped still locks the row, a write of its own).
  IF NOT EXISTS (
    SELECT 1 FROM played_games
    WHERE user_id = s.user_id AND game_id = s.game_id AND last_activity_at >= p_now - interval '1 minute'
  ) THEN
    INSERT INTO played_games (user_id, game_id, last_activity_at) VALUES (s.user_id, s.game_id, p_now)
    ON CONFLICT (user_id, game_id) DO UPDATE SET last_activity_at = excluded.last_activity_at;
  END IF;

  v_answer := jsonb_build_object('balance_cents', coalesce(bal, 0), 'currency', s.currency, 'transaction_id', p_tx);
  UPDATE game_transactions SET answer = v_answer, ledger_transaction_id = ledger_tx
  WHERE provider = p_provider AND transaction_id = p_tx;
  IF p_win_tx IS NOT NULL THEN
    INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents,
      reference_id, status, ledger_transaction_id, answer)
    VALUES (p_provider, p_win_tx, 'win', p_round, s.user_id, s.currency, p_win, p_tx, 'ok', win_ledger_tx, v_answer)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'transaction_mismatch' USING ERRCODE = 'AU002';
    END IF;
  END IF;
  -- The session's last call, to the half minute (its idle time is counted in minutes).
  UPDATE game_sessions SET last_seen_at = p_now WHERE id = s.id AND last_seen_at < p_now - interval '30 seconds';
  RETURN v_answer;
END;
$$;
