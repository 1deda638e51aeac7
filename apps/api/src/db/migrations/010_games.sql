-- Games (docs/games.md): the catalogue the lobby lists, favourites and recent games, and the
-- seamless wallet the game server calls (launch tokens, game sessions, provider transactions and
-- rounds). Money moves only through the ledger (007): a bet or a win is a ledger transaction keyed
-- by the provider's transaction id.

CREATE TABLE game_providers (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9-]+$'),
  id serial NOT NULL UNIQUE,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- Lobby categories; their titles are translations (games.categories.<slug>).
CREATE TABLE game_categories (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9-]+$'),
  position integer NOT NULL DEFAULT 0,
  -- Live games have no demo (spec §3: a game has a demo when currencies.FUN.id exists, live excluded).
  live boolean NOT NULL DEFAULT false
);

CREATE TABLE games (
  id bigserial PRIMARY KEY,
  -- '<provider>:<name>' as the game server knows it.
  identifier text NOT NULL UNIQUE,
  -- The name part of /play/{producer}/{name}, unique across providers (select_by_seo_titles).
  seo_title text NOT NULL UNIQUE,
  title text NOT NULL,
  provider text NOT NULL REFERENCES game_providers (slug),
  type text NOT NULL CHECK (type IN ('slot', 'roulette', 'blackjack', 'live_roulette')),
  theme text NOT NULL,
  categories text[] NOT NULL DEFAULT '{}',
  devices text[] NOT NULL DEFAULT '{desktop,mobile}',
  has_demo boolean NOT NULL,
  rtp numeric(7, 4) NOT NULL CHECK (rtp > 0 AND rtp < 1),
  volatility text NOT NULL CHECK (volatility IN ('low', 'medium', 'high')),
  lines integer,
  ways integer,
  hit_rate numeric(7, 4) NOT NULL,
  max_win_x numeric(12, 2) NOT NULL,
  -- Bet bounds in EUR cents, scaled per currency like the cashier's.
  min_bet_cents bigint NOT NULL CHECK (min_bet_cents > 0),
  max_bet_cents bigint NOT NULL CHECK (max_bet_cents >= min_bet_cents),
  icons text[] NOT NULL DEFAULT '{}',
  badges text[] NOT NULL DEFAULT '{}',
  -- Spec §6: games with groups are shown only to players in one of them; none means everyone.
  group_ids integer[] NOT NULL DEFAULT '{}',
  -- The minimum-wager collection (spec §8 notice): games that count 0 % towards bonus wagering.
  wager0 boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  released_at date NOT NULL DEFAULT current_date
);
CREATE INDEX games_categories ON games USING gin (categories);

-- The per-currency game ids of spec §3 (`currencies[CUR].id`); FUN is the demo.
CREATE TABLE game_currency_ids (
  id bigserial PRIMARY KEY,
  game_id bigint NOT NULL REFERENCES games (id),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,4}$'),
  UNIQUE (game_id, currency)
);

CREATE TABLE favorite_games (
  user_id bigint NOT NULL REFERENCES users (id),
  game_id bigint NOT NULL REFERENCES games (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);

CREATE TABLE played_games (
  user_id bigint NOT NULL REFERENCES users (id),
  game_id bigint NOT NULL REFERENCES games (id),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX played_games_recent ON played_games (user_id, last_activity_at DESC);

-- A launch: the single-use token in the game frame's URL, exchanged by the game server for a
-- wallet session (authenticate). Only the token's hash is kept.
CREATE TABLE game_launches (
  token_hash bytea PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  game_id bigint NOT NULL REFERENCES games (id),
  currency text NOT NULL REFERENCES currencies (code),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A wallet session of the game server: bets need it open (not closed by a sign-out, not idle for
-- longer than the idle limit); wins and rollbacks are accepted after it ends.
CREATE TABLE game_sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  game_id bigint NOT NULL REFERENCES games (id),
  currency text NOT NULL REFERENCES currencies (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);

-- A round as the wallet sees it: its bets and wins, for the games history.
CREATE TABLE game_rounds (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  round_id text NOT NULL CHECK (length(round_id) BETWEEN 1 AND 100),
  user_id bigint NOT NULL REFERENCES users (id),
  game_id bigint NOT NULL REFERENCES games (id),
  session_id text NOT NULL REFERENCES game_sessions (id),
  currency text NOT NULL REFERENCES currencies (code),
  total_bets bigint NOT NULL DEFAULT 0,
  total_wins bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'rolled_back')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (provider, round_id)
);
CREATE INDEX game_rounds_user ON game_rounds (user_id, id DESC);

-- Every wallet call that moves money, once per provider transaction id: a repeated call answers
-- the stored first answer. A rollback of a bet not seen yet is recorded too, so that the late bet
-- is refused.
CREATE TABLE game_transactions (
  provider text NOT NULL,
  transaction_id text NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  round_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  currency text NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  -- For a rollback: the bet it undoes.
  reference_id text,
  -- ok: applied; rolled_back: a bet undone later; refused: a bet that arrived after its rollback.
  status text NOT NULL CHECK (status IN ('ok', 'rolled_back', 'refused')),
  ledger_transaction_id bigint,
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, transaction_id)
);
