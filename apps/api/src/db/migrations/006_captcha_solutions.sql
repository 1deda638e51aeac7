-- Proof-of-work captcha: the signature of every accepted challenge until it expires, so a solution
-- works once across all api nodes. Expired rows are pruned (the challenge is refused by then anyway).
CREATE TABLE captcha_solutions (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_solutions_expires_at ON captcha_solutions (expires_at);
