-- Player verification (KYC) documents (docs/responsible-gambling.md "Verification"). One row per
-- uploaded file: what it proves, the player's file name (sanitised), the type read from its first
-- bytes, its size and SHA-256, and where the bytes are kept (`storage_key`: random, never derived
-- from anything the player sent; the file lies under DATA_DIR/documents or in S3-compatible
-- storage). `not_approved` waits for the operator (`npm run kyc:operator`), who approves or rejects
-- it with a reason. `users.verified` is set in the transaction that approves the second of an
-- identity and an address document.
CREATE TABLE player_documents (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  document_type text NOT NULL CHECK (document_type IN ('identity', 'address', 'deposit', 'payment_method')),
  description text CHECK (char_length(description) <= 500),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  storage_key text NOT NULL UNIQUE,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  status text NOT NULL DEFAULT 'not_approved' CHECK (status IN ('not_approved', 'approved', 'rejected')),
  rejection_reason text CHECK (char_length(rejection_reason) <= 500),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL)),
  CHECK ((status = 'not_approved') = (reviewed_at IS NULL))
);
-- The player's list, newest first.
CREATE INDEX player_documents_user ON player_documents (user_id, id DESC);
-- The operator's queue.
CREATE INDEX player_documents_waiting ON player_documents (id) WHERE status = 'not_approved';
-- Withdrawals counted against the verification threshold: the player's, by currency and time.
CREATE INDEX payments_cashouts_user ON payments (user_id, currency, created_at) WHERE action = 'cashout';
