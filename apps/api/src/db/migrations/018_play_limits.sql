-- Limits on play at bet time (docs/responsible-gambling.md). wallet_move() learns p_checked: a
-- bet of a player who has a wager, loss, session, cooling-off or self-exclusion limit is refused
-- with SQLSTATE AU003 unless the caller checked it against those limits in the same transaction
-- (SeamlessWallet.move, LimitsService.checkBet). Players without such limits pay one index probe
-- per bet; a limit set while a bet runs is either seen by it or committed after it.
-- (The earlier wallet_move() was dropped here; ../functions/wallet_move.sql is the current one.)

-- What a wager or loss limit counts in its period: the player's rounds by time, with their totals
-- in the index (an index-only sum).
CREATE INDEX game_rounds_user_time ON game_rounds (user_id, created_at) INCLUDE (currency, total_bets, total_wins);
-- Play time a session limit counts: the player's game sessions by start.
CREATE INDEX game_sessions_user_time ON game_sessions (user_id, created_at);

-- wallet_move(): its current definition is ../functions/wallet_move.sql.
