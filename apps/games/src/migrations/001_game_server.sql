-- The game server's own tables (a game provider's database: prefixed gs_ so it can share a
-- PostgreSQL database with the casino). Rounds are decided and stored before any money moves or
-- the client animates; the wallet is the casino's (seamless wallet protocol).

-- Provably fair (DESIGN.md): per player a server seed whose SHA-256 is shown in advance, the
-- player's client seed and a nonce counting the rounds; outcome bytes are
-- HMAC-SHA256(server seed, "client seed:nonce:cursor"). Rotating reveals the old server seed, so
-- every round played with it can be recomputed.
CREATE TABLE gs_server_seeds (
  hash text PRIMARY KEY,
  player_key text NOT NULL,
  seed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);

CREATE TABLE gs_players (
  player_key text PRIMARY KEY,
  server_seed_hash text NOT NULL REFERENCES gs_server_seeds (hash),
  client_seed text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  nonce bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A game session of the client in the frame: real money (with the casino's wallet session) or demo
-- (FUN money held here, no wallet calls).
CREATE TABLE gs_sessions (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  player_key text NOT NULL REFERENCES gs_players (player_key),
  game text NOT NULL,
  currency text NOT NULL,
  wallet_session_id text,
  demo_balance_cents bigint CHECK (demo_balance_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((mode = 'real') = (wallet_session_id IS NOT NULL)),
  CHECK ((mode = 'demo') = (demo_balance_cents IS NOT NULL))
);

CREATE TABLE gs_rounds (
  id bigserial PRIMARY KEY,
  round_id text NOT NULL UNIQUE,
  session_id text NOT NULL REFERENCES gs_sessions (id),
  player_key text NOT NULL,
  game text NOT NULL,
  mode text NOT NULL,
  currency text NOT NULL,
  bet_cents bigint NOT NULL CHECK (bet_cents >= 0),
  win_cents bigint NOT NULL DEFAULT 0 CHECK (win_cents >= 0),
  -- pending: decided, the bet sent (its answer may be lost); open: bet taken, still in play
  -- (blackjack); placed: bet taken, the win not delivered yet; settled; refused: the wallet refused
  -- the bet; rolled_back: the bet's answer was lost and the bet was undone.
  status text NOT NULL CHECK (status IN ('pending', 'open', 'placed', 'settled', 'refused', 'rolled_back')),
  -- Bets sent to the wallet in this round (blackjack doubles and splits add some).
  bets_sent integer NOT NULL DEFAULT 1,
  -- The outcome as the client shows it, and the state kept from it (a blackjack shoe) until the end.
  outcome jsonb NOT NULL,
  hidden jsonb,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce bigint NOT NULL,
  balance_after_cents bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX gs_rounds_player ON gs_rounds (player_key, id DESC);
CREATE INDEX gs_rounds_unsettled ON gs_rounds (status, created_at) WHERE status IN ('pending', 'placed');
