-- Rounds stored and settled many to a statement (group commit, packages/db/src/batch.ts): one
-- round trip and one commit for the rounds that arrived while the last statement ran. Each round
-- is looked up by its key, one after another: a join of the batch with the table let the planner
-- choose a scan of gs_players from a plan made while the table was new, which then read every
-- dead version the nonce updates had left (1 ms a statement in bench:games).

-- Each round stored only if the nonce it was decided with is still its player's next (the claim);
-- answers the ids of the rounds stored. Two rounds of one player in a batch: the second finds the
-- nonce taken, as if it had come after the first, and is decided again from fresh seeds.
-- gs_store_rounds(): its current definition is ../functions/gs_store_rounds.sql.

-- Instant rounds the wallet has settled, with the balance it answered.
-- gs_settle_rounds(): its current definition is ../functions/gs_settle_rounds.sql.
