-- E-mail delivery and the reset and resend requests run as jobs of the durable queue (the `jobs`
-- table, packages/db/src/jobs.ts, created before this migration). A delivery records each SMTP
-- attempt on its outbox row: how many were made, and the last error.
ALTER TABLE email_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- Requests a node recorded before the queue existed become jobs, as new ones are when recorded.
INSERT INTO jobs (name, key, payload, run_at, max_attempts, backoff_ms, lease_ms, created_at, updated_at)
SELECT 'accounts.mail_request', id::text, jsonb_build_object('id', id::text), now(), 3, 10000, 300000, now(), now()
FROM account_mail_requests;
