-- The back office's verification queue and outgoing mail (issue 22, docs/backoffice.md
-- "Verification", "Outgoing mail"). A message resent by an operator is a new row of the outbox,
-- a copy that points to the one it copies (who resent it is in the audit log).
ALTER TABLE email_outbox ADD COLUMN resent_from bigint REFERENCES email_outbox (id) ON DELETE SET NULL;
-- The lists' period filters and default order (newest or oldest first), with the id as a tie-break.
CREATE INDEX email_outbox_created ON email_outbox (created_at, id);
-- pending and failed: the few rows not yet delivered.
CREATE INDEX email_outbox_unsent ON email_outbox (id) WHERE sent_at IS NULL;
CREATE INDEX player_documents_created ON player_documents (created_at, id);
