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

-- A round's game and currency are those of its session (which keeps the foreign keys). As foreign
-- keys of their own they locked the game's and the currency's rows (FOR KEY SHARE) in every round:
-- rows shared by every player of a game, so concurrent rounds of a popular game queued on
-- MultiXact locks of one row (bench:games: 5-10 % more spins per second without them).
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_game_id_fkey;
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_currency_fkey;

-- A win paid with its bet in one call names the bet in reference_id; a rollback of that bet
-- undoes the win as well (both become rolled_back).
COMMENT ON COLUMN game_transactions.reference_id IS
  'rollback: the bet it undoes; win paid with its bet in one call: that bet';
CREATE INDEX game_transactions_reference ON game_transactions (provider, reference_id)
  WHERE reference_id IS NOT NULL;

-- wallet_move(): its current definition is ../functions/wallet_move.sql.
