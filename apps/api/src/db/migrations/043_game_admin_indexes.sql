-- The back office's games (docs/backoffice.md "Games").

-- A game taken out of the catalogue closes its open sessions in the same transaction: they are
-- found by game (a partial index: open sessions are few, closed ones many).
CREATE INDEX game_sessions_open_by_game ON game_sessions (game_id) WHERE closed_at IS NULL;

-- The rounds screen's period filter. Rounds are written in time order, so a BRIN index (a few
-- pages, next to nothing to maintain on the bet path) narrows a period to its blocks.
CREATE INDEX game_rounds_created_brin ON game_rounds USING brin (created_at);
