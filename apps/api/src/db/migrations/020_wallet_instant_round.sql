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
--
-- Foreign keys of columns the wallet copies from the game session it has just read (the round's
-- player and session, the transactions' player) are dropped, as 011 and 013 did for others: each
-- was one more query and one more row lock (FOR KEY SHARE on the player's and the session's rows)
-- per row written, four per spin, and could only fail if the session's own keys had. The session
-- keeps its foreign keys; users and game sessions are never deleted; checkLedger reports a ledger
-- transaction whose player does not exist.
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_user_id_fkey;
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_session_id_fkey;
ALTER TABLE game_transactions DROP CONSTRAINT game_transactions_user_id_fkey;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_user_id_fkey;

-- wallet_instant_round(): its current definition is ../functions/wallet_instant_round.sql.
