-- The back office's content and games screens (issue 22, docs/backoffice.md "Content", "Games").

-- Images an operator uploads for banners. In the database, not on a node's disk, so that every
-- node serves them; named by the SHA-256 of their bytes, so an address never changes its image
-- and may be cached for good.
CREATE TABLE cms_uploads (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{64}\.(png|jpg|webp|svg)$'),
  content_type text NOT NULL
    CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Per-country availability of a game: with allowed countries, only players known to be in one of
-- them see and open it; a blocked country never does. Empty lists: no restriction.
ALTER TABLE games
  ADD COLUMN allowed_countries text[] NOT NULL DEFAULT '{}'
    CHECK (array_to_string(allowed_countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  ADD COLUMN blocked_countries text[] NOT NULL DEFAULT '{}'
    CHECK (array_to_string(blocked_countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  -- The fields an operator set (categories, badges, position): the start-up sync of the catalogue
  -- keeps them as set instead of deriving them again.
  ADD COLUMN curated text[] NOT NULL DEFAULT '{}';
