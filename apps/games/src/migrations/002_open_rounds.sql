-- Open rounds (blackjack): actions applied once each, and rounds a player left finished by the
-- settler (docs/games.md "Open rounds").

-- Bumped by every change of an open round. An action stores its state only if the round is still
-- at the version it read; a concurrent action (or the settler) that got there first makes it fail.
ALTER TABLE gs_rounds ADD COLUMN version integer NOT NULL DEFAULT 0;

-- The deal, then each action: a round with nothing for the configured time (10 minutes) is
-- finished by the settler.
ALTER TABLE gs_rounds ADD COLUMN last_action_at timestamptz NOT NULL DEFAULT now();

-- A double or split bet sent to the wallet (its transaction, 'bet2'…) whose action is not stored
-- yet. The round takes no other action meanwhile; if the action never completes (its answer was
-- lost), the settler rolls the bet back and frees the round.
ALTER TABLE gs_rounds ADD COLUMN pending_bet text;

-- Finished by the settler, not by the player: every hand left standing, the dealer played out.
ALTER TABLE gs_rounds ADD COLUMN auto_completed boolean NOT NULL DEFAULT false;

-- The few open rounds: by session (a deal answers the session's open round), by age (the settler).
CREATE INDEX gs_rounds_open_session ON gs_rounds (session_id) WHERE status = 'open';
CREATE INDEX gs_rounds_open_age ON gs_rounds (last_action_at) WHERE status = 'open';
