-- A public number per session for the security page (the primary key is a token hash, not for display).
ALTER TABLE sessions ADD COLUMN number bigserial;
CREATE UNIQUE INDEX sessions_number ON sessions (number);
