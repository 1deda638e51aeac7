-- The day's totals per currency (docs/events.md "Consumers"): what the back office's dashboard
-- shows (deposits, withdrawals, bets, wins, new and active players), kept by the `daily-totals`
-- consumer from the outbox, each event counted once. Days are UTC days of the event.
CREATE TABLE daily_totals (
  day date NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  bets bigint NOT NULL DEFAULT 0,
  wins bigint NOT NULL DEFAULT 0,
  rounds bigint NOT NULL DEFAULT 0,
  deposits bigint NOT NULL DEFAULT 0,
  deposit_count integer NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  withdrawal_count integer NOT NULL DEFAULT 0,
  registrations integer NOT NULL DEFAULT 0,
  active_players integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, currency)
);

-- The players who played on a day, in a currency: active_players counts each once.
CREATE TABLE daily_players (
  day date NOT NULL,
  currency text NOT NULL,
  user_id bigint NOT NULL,
  PRIMARY KEY (day, currency, user_id)
);
