-- A game session remembers the casino sign-in it was launched from, so that signing out (or a
-- session ended from the security page, or every session ended by a password change) closes the
-- games that sign-in opened: they take no more bets; wins of rounds already bet are still paid.
ALTER TABLE game_launches ADD COLUMN login_session text;
ALTER TABLE game_sessions ADD COLUMN login_session text;
CREATE INDEX game_sessions_open_by_login ON game_sessions (login_session) WHERE closed_at IS NULL;
CREATE INDEX game_sessions_open_by_user ON game_sessions (user_id) WHERE closed_at IS NULL;
