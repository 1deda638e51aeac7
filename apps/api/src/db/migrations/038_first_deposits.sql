-- First deposits on the dashboard (issue 22, docs/backoffice.md "Dashboard"): each player's first
-- successful deposit, whatever its currency, counted once on the UTC day it succeeded, in its
-- currency. The `daily-totals` consumer inserts the row when it applies the deposit.succeeded
-- event; a player who has a row already is not counted again.
CREATE TABLE first_deposits (
  user_id bigint PRIMARY KEY,
  payment_id bigint NOT NULL UNIQUE,
  currency text NOT NULL,
  amount bigint NOT NULL,
  day date NOT NULL
);

ALTER TABLE daily_totals
  ADD COLUMN first_deposits bigint NOT NULL DEFAULT 0,
  ADD COLUMN first_deposit_count integer NOT NULL DEFAULT 0;

-- Back-fill: the first deposit of every player who has one. Its day is that of its
-- deposit.succeeded event when the outbox still holds it (the day the consumer counted the
-- deposit on), else the day the payment finished.
INSERT INTO first_deposits (user_id, payment_id, currency, amount, day)
SELECT DISTINCT ON (p.user_id) p.user_id, p.id, p.currency, p.amount_cents,
  (coalesce(e.created_at, p.finished_at, p.created_at) AT TIME ZONE 'UTC')::date
FROM payments p
LEFT JOIN events e ON e.type = 'deposit.succeeded' AND e.user_id = p.user_id AND e.payload ->> 'payment_id' = p.id::text
WHERE p.action = 'deposit' AND p.state = 'succeeded'
-- Those older than the outbox (no event) came first, then in the order the consumer applies them.
ORDER BY p.user_id, e.id IS NOT NULL, e.id, coalesce(p.finished_at, p.created_at), p.id;

-- The days' totals hold the deposits the consumer applied: the first deposits among them join
-- them there. Those of events it has not applied yet are counted when it does (it finds no row:
-- their rows are removed again here), and those older than the outbox add to no day's totals,
-- whose deposits are not counted either.
DELETE FROM first_deposits f
USING events e
WHERE e.type = 'deposit.succeeded' AND e.user_id = f.user_id AND e.payload ->> 'payment_id' = f.payment_id::text
  -- A consumer not registered yet starts at the outbox's end (docs/events.md).
  AND e.id > coalesce((SELECT position FROM event_consumers WHERE name = 'daily-totals'), (SELECT max(id) FROM events));

INSERT INTO daily_totals AS d (day, currency, first_deposits, first_deposit_count)
SELECT f.day, f.currency, sum(f.amount), count(*)
FROM first_deposits f
JOIN events e ON e.type = 'deposit.succeeded' AND e.user_id = f.user_id AND e.payload ->> 'payment_id' = f.payment_id::text
GROUP BY f.day, f.currency
ON CONFLICT (day, currency) DO UPDATE SET
  first_deposits = d.first_deposits + excluded.first_deposits,
  first_deposit_count = d.first_deposit_count + excluded.first_deposit_count;

-- The regulator export of a player (docs/backoffice.md "Reports") reads the player's history of
-- limits, sessions and verification from the outbox: indexed by player for those types only, so
-- the rounds' and payments' events (most of the outbox) cost nothing more to write.
CREATE INDEX events_player_history ON events (user_id, id)
  WHERE type IN ('player.registered', 'player.confirmed', 'player.verified', 'limit.set', 'limit.reached',
    'session.started', 'session.ended');

-- The GGR report's aggregate (docs/backoffice.md "Reports"): per UTC day, currency, game and
-- player, the bets, wins and rounds settled, kept by the `daily-totals` consumer with the day
-- totals (the same events, so the report's groups add up to the dashboard). A month of a million
-- rounds summed from the ledger took about 20 s; from this, its rows are (player, game, day).
CREATE TABLE daily_player_games (
  day date NOT NULL,
  currency text NOT NULL,
  game_id bigint NOT NULL,
  user_id bigint NOT NULL,
  bets bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  rounds integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, currency, game_id, user_id)
);

-- Back-fill: the round events the consumer has applied, as it applied them.
INSERT INTO daily_player_games (day, currency, game_id, user_id, bets, wins, rounds)
SELECT (e.created_at AT TIME ZONE 'UTC')::date, e.payload ->> 'currency', (e.payload ->> 'game_id')::bigint, e.user_id,
  sum(CASE WHEN e.type = 'round.settled' THEN 1 ELSE -1 END * (e.payload ->> 'bet')::bigint),
  sum(CASE WHEN e.type = 'round.settled' THEN 1 ELSE -1 END * (e.payload ->> 'win')::bigint),
  count(*) FILTER (WHERE e.type = 'round.settled')
FROM events e
WHERE e.type IN ('round.settled', 'round.rolled_back') AND e.user_id IS NOT NULL
  AND e.id <= coalesce((SELECT position FROM event_consumers WHERE name = 'daily-totals'), (SELECT max(id) FROM events), 0)
GROUP BY 1, 2, 3, 4;
