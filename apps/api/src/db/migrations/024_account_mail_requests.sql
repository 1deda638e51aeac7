-- Password-reset and confirmation-resend requests (issue 19, finding 4): the request only records
-- one of these rows, the same for known and unknown addresses, and answers; the token and the
-- e-mail are made after the answer (AccountsService.drainMailRequests), so neither the answer nor
-- its timing tells whether the address has an account. Each row is claimed once across nodes
-- (FOR UPDATE SKIP LOCKED) and deleted in the transaction that handles it. A later platform issue
-- moves this onto the durable job queue.
CREATE TABLE account_mail_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password_reset', 'confirmation')),
  email_normalized text NOT NULL CHECK (length(email_normalized) <= 254),
  -- The language the request was made in, and the public origin its links must take.
  locale text NOT NULL CHECK (length(locale) <= 10),
  origin text NOT NULL CHECK (origin ~ '^https?://'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A password change voids the requests still waiting for the account's address.
CREATE INDEX account_mail_requests_email ON account_mail_requests (email_normalized);
