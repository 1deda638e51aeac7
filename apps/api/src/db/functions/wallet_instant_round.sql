-- An instant round (a bet that carries its win) in one statement.
-- The current definition: the migration runner applies this file again whenever it changes
-- (docs/ARCHITECTURE.md "Database functions"); migrations hold only schema changes.
-- after: 020_wallet_instant_round
--
-- An instant round (a slot spin, a roulette spin: a bet that carries its win) in nine statements
-- of the casino's database instead of about twenty-six (docs/ARCHITECTURE.md "Ledger",
-- docs/games.md "bench:games"). wallet_move() claimed the bet's id, then posted the bet and the win
-- through two ledger_post() calls (each a transaction row, two account lookups, a grouping query,
-- two guarded updates and two entries), then stored the answer and the win's id in two more
-- statements. The same round is now:
--
--   the session (and whether the player has limits on play), the round row (its unique key is the
--   claim: a repeated call waits for the first and then finds its round), the player's account
--   once (debit of the bet checked, then the win), the house shard once, the bet's and the win's
--   ledger transactions in one insert, their four entries in one insert, the played games, both
--   provider transaction ids with the answer in one insert, and the session's last call.
--
-- The ledger is the same as two ledger_post() calls would leave it: the bet's transaction (player
-- debit, house credit) and the win's (house debit, player credit), each entry with its running
-- balance, both accounts locked (player, then house: ledger_post()'s order) before their entries
-- are written. A repeated call, a reused id or a round already played raises AU004 and writes
-- nothing; SeamlessWallet then answers the first answer stored under the bet's id (or its error),
-- or the mismatch named in the message. AU001 (insufficient funds), AU002 (the protocol's errors)
-- and AU003 (limits on play: checked by the caller, then p_checked) as wallet_move().
--
-- Its statements look rows up by unique keys only, so it keeps one generic plan per statement
-- (plan_cache_mode): the default planned some of them again on every call.
CREATE OR REPLACE FUNCTION wallet_instant_round(
  p_provider text,
  p_session text,
  p_tx text,
  p_round text,
  p_bet bigint,
  p_win_tx text,
  p_win bigint,
  p_now timestamptz,
  p_idle interval,
  p_shards integer,
  p_checked boolean
) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  s game_sessions%ROWTYPE;
  guarded boolean;
  v_shard smallint;
  meta jsonb;
  player_account bigint;
  house_account bigint;
  bal bigint;
  house_bal bigint;
  bet_tx bigint;
  win_tx bigint;
  v_answer jsonb;
  stored integer;
BEGIN
  -- The session, and whether its player has limits on play (wallet_move()'s two reads in one).
  SELECT gs.id, gs.user_id, gs.game_id, gs.currency, gs.last_seen_at, gs.closed_at,
      NOT p_checked AND EXISTS (
        SELECT 1 FROM user_limits
        WHERE user_id = gs.user_id AND removed_at IS NULL
          AND type IN ('wager', 'loss', 'session', 'coolingoff', 'selfexclusion'))
    INTO s.id, s.user_id, s.game_id, s.currency, s.last_seen_at, s.closed_at, guarded
  FROM game_sessions gs WHERE gs.id = p_session;
  IF s.id IS NULL THEN
    RAISE EXCEPTION 'unknown_session' USING ERRCODE = 'AU002';
  END IF;

  -- The round, opened and closed at once. Its key is the claim of the call: a repeated call (or
  -- another call naming the same round) finds it taken and is answered by the caller.
  INSERT INTO game_rounds (provider, round_id, user_id, game_id, session_id, currency, total_bets,
    total_wins, status, created_at, finished_at)
  VALUES (p_provider, p_round, s.user_id, s.game_id, s.id, s.currency, p_bet, p_win, 'closed', p_now, p_now)
  ON CONFLICT (provider, round_id) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'round_mismatch' USING ERRCODE = 'AU004';
  END IF;

  IF s.closed_at IS NOT NULL OR s.last_seen_at <= p_now - p_idle THEN
    RAISE EXCEPTION 'session_expired' USING ERRCODE = 'AU002';
  END IF;
  IF guarded THEN
    RAISE EXCEPTION 'guarded' USING ERRCODE = 'AU003';
  END IF;

  IF p_bet > 0 OR p_win > 0 THEN
    -- The player's account: the bet must be covered before the win is added.
    UPDATE ledger_accounts SET balance = balance - p_bet + p_win
    WHERE user_id = s.user_id AND kind = 'player_real' AND currency = s.currency AND balance >= p_bet
    RETURNING id, balance INTO player_account, bal;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds of player % in %', s.user_id, s.currency USING ERRCODE = 'AU001';
    END IF;
    -- The house's shard of the player (opened on first use, as ledger_post() does).
    v_shard := (s.user_id % p_shards)::smallint;
    UPDATE ledger_accounts SET balance = balance + p_bet - p_win
    WHERE user_id IS NULL AND kind = 'house_games' AND currency = s.currency AND shard = v_shard
    RETURNING id, balance INTO house_account, house_bal;
    IF NOT FOUND THEN
      INSERT INTO ledger_accounts (user_id, kind, currency, shard) VALUES (NULL, 'house_games', s.currency, v_shard)
      ON CONFLICT (kind, currency, shard) WHERE user_id IS NULL DO NOTHING;
      UPDATE ledger_accounts SET balance = balance + p_bet - p_win
      WHERE user_id IS NULL AND kind = 'house_games' AND currency = s.currency AND shard = v_shard
      RETURNING id, balance INTO house_account, house_bal;
    END IF;

    meta := jsonb_build_object('round', p_round, 'game', s.game_id::text);
    WITH posted AS (
      INSERT INTO ledger_transactions (idempotency_key, kind, user_id, metadata)
      SELECT t.key, t.kind, s.user_id, meta
      FROM (VALUES ('game:' || p_provider || ':' || p_tx, 'bet', p_bet),
                   ('game:' || p_provider || ':' || p_win_tx, 'win', p_win)) AS t (key, kind, amount)
      WHERE t.amount > 0
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, kind
    )
    SELECT max(id) FILTER (WHERE kind = 'bet'), max(id) FILTER (WHERE kind = 'win') INTO bet_tx, win_tx
    FROM posted;
    IF (p_bet > 0) <> (bet_tx IS NOT NULL) OR (p_win > 0) <> (win_tx IS NOT NULL) THEN
      RAISE EXCEPTION 'transaction_mismatch' USING ERRCODE = 'AU004';
    END IF;
    -- Each transaction's entries, player then house, with the balances they left: the bet's
    -- before the win was added, the win's the accounts' balances now.
    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
    SELECT e.tx, e.account, e.amount, e.balance_after
    FROM (VALUES (1, bet_tx, player_account, -p_bet, bal - p_win),
                 (2, bet_tx, house_account, p_bet, house_bal + p_win),
                 (3, win_tx, player_account, p_win, bal),
                 (4, win_tx, house_account, -p_win, house_bal)) AS e (n, tx, account, amount, balance_after)
    WHERE e.tx IS NOT NULL
    ORDER BY e.n;
  ELSE
    SELECT balance INTO bal FROM ledger_accounts
    WHERE user_id = s.user_id AND kind = 'player_real' AND currency = s.currency;
  END IF;

  PERFORM played_game(s.user_id, s.game_id, p_now);

  v_answer := jsonb_build_object('balance_cents', coalesce(bal, 0), 'currency', s.currency, 'transaction_id', p_tx);
  INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents,
    reference_id, status, ledger_transaction_id, answer)
  VALUES (p_provider, p_tx, 'bet', p_round, s.user_id, s.currency, p_bet, NULL, 'ok', bet_tx, v_answer),
         (p_provider, p_win_tx, 'win', p_round, s.user_id, s.currency, p_win, p_tx, 'ok', win_tx, v_answer)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS stored = ROW_COUNT;
  IF stored < 2 THEN
    -- The bet's id was seen before (a rolled-back bet's tombstone) or the win's id is reused.
    RAISE EXCEPTION 'transaction_mismatch' USING ERRCODE = 'AU004';
  END IF;
  UPDATE game_sessions SET last_seen_at = p_now WHERE id = s.id AND last_seen_at < p_now - interval '30 seconds';
  RETURN v_answer;
END;
$$;
