-- The seamless wallet's bet, win or rollback in one statement.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 023_instant_rounds_lock_order
--
-- The seamless wallet's bet and win in one statement (docs/games.md "Wallet protocol",
-- docs/ARCHITECTURE.md "Ledger"). SeamlessWallet.move did this in eleven round trips (session,
-- BEGIN, claim, round, posting, round totals, played games, balance, answer, session, COMMIT); a
-- spin (bet and win) took 22 statements of the casino's database, the most of its cost.
--
-- wallet_move() claims the provider transaction id (a repeated id waits for the first on the
-- primary key and answers its stored answer), checks the session and the round, posts to the
-- ledger through ledger_post(), keeps the round's totals and the played games, stores the answer
-- and touches the session. A bet may carry its round's win (p_win_tx, p_win): an instant game
-- (slot, roulette) settles its round in one call, bet and win in one database transaction.
-- Errors: SQLSTATE AU001 (insufficient funds, from ledger_post) and AU002 with the protocol's
-- error code as the message; the statement then writes nothing.
--
-- Limits on play at bet time (docs/responsible-gambling.md). wallet_move() learns p_checked: a
-- bet of a player who has a wager, loss, session, cooling-off or self-exclusion limit is refused
-- with SQLSTATE AU003 unless the caller checked it against those limits in the same transaction
-- (SeamlessWallet.move, LimitsService.checkBet). Players without such limits pay one index probe
-- per bet; a limit set while a bet runs is either seen by it or committed after it.
--
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

  PERFORM played_game(s.user_id, s.game_id, p_now);

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
