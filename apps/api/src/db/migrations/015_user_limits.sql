-- Responsible-gambling limits (docs/responsible-gambling.md). One row per limit a player set:
-- amount limits (deposit, wager, loss) per period with their amounts per currency, and
-- cooling-off and self-exclusion with their lifetime. A loosening or a removal waits in `pending`
-- and `pending_removal` until the player confirms it by the e-mailed link (only the token's hash
-- is kept) and the delay after the request has passed; until then the limit in force is the old
-- one. The rules are packages/shared/src/limits.ts.
CREATE TABLE user_limits (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('loss', 'wager', 'deposit', 'session', 'coolingoff', 'selfexclusion')),
  period text CHECK (period IN ('day', 'week', 'month')),
  -- { "<currency>": minor units } in force
  amounts jsonb NOT NULL DEFAULT '{}',
  lifetime text CHECK (lifetime IN ('day', 'day_3', 'week', 'month', 'month_3', 'month_6', 'month_9', 'month_12', 'forever')),
  ends_at timestamptz,
  -- periods start here and repeat
  anchor timestamptz NOT NULL,
  -- a loosening that waits: { "period", "amounts" }
  pending jsonb,
  pending_removal boolean NOT NULL DEFAULT false,
  requested_at timestamptz,
  confirmed_at timestamptz,
  confirm_token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK ((type IN ('coolingoff', 'selfexclusion')) = (lifetime IS NOT NULL AND period IS NULL))
);
-- One limit in force per type and period (a daily and a weekly deposit limit may both exist).
CREATE UNIQUE INDEX user_limits_in_force ON user_limits (user_id, type, coalesce(period, '')) WHERE removed_at IS NULL;

-- Deposits counted against a deposit limit: the player's, by time.
CREATE INDEX payments_user_created ON payments (user_id, created_at) WHERE action = 'deposit';
