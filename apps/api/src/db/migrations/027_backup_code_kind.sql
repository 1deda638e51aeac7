-- Issue 19: backup codes of the old kind (40 bits) stay marked after start-up wraps their digest
-- in the keyed hash (026), so the security page can offer new ones. Rows before this are old codes.
ALTER TABLE user_backup_codes ADD COLUMN legacy boolean NOT NULL DEFAULT true;
