-- A round's session is the one the game server has just read to play it (its own lookup, not the
-- client's word), so its foreign key could only fail if that read had. As a foreign key it cost
-- every round one more query and a FOR KEY SHARE lock on the session's row, which marks the row
-- (a write of the page, logged) on every spin of the session (docs/games.md "bench:games").
-- Sessions are never deleted.
ALTER TABLE gs_rounds DROP CONSTRAINT gs_rounds_session_id_fkey;
