-- Reference data, CMS content and client telemetry: the foundation every later module builds on.

CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3,5}$'),
  symbol text NOT NULL,
  subunits_to_unit bigint NOT NULL CHECK (subunits_to_unit > 0),
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE countries (
  code char(2) PRIMARY KEY,
  default_currency text NOT NULL REFERENCES currencies (code),
  phone_code text
);

CREATE TABLE locales (
  code text PRIMARY KEY,
  position integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE statuses (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  writable boolean NOT NULL DEFAULT false,
  min_points bigint NOT NULL DEFAULT 0,
  max_points bigint,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE project_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crypto_exchange_rates (
  from_currency text NOT NULL REFERENCES currencies (code),
  to_currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(30, 12) NOT NULL CHECK (exchange_rate > 0),
  fee numeric(10, 6) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (from_currency, to_currency)
);

CREATE TABLE cms_pages (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$'),
  parent_id integer REFERENCES cms_pages (id) ON DELETE CASCADE,
  categories text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cms_page_translations (
  page_id integer NOT NULL REFERENCES cms_pages (id) ON DELETE CASCADE,
  locale text NOT NULL REFERENCES locales (code),
  title text NOT NULL,
  content text NOT NULL,
  description text NOT NULL DEFAULT '',
  keywords text NOT NULL DEFAULT '',
  json text NOT NULL DEFAULT '{}',
  PRIMARY KEY (page_id, locale)
);

CREATE TABLE cms_snippets (
  id text PRIMARY KEY,
  categories text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE cms_snippet_translations (
  snippet_id text NOT NULL REFERENCES cms_snippets (id) ON DELETE CASCADE,
  locale text NOT NULL REFERENCES locales (code),
  content text NOT NULL,
  PRIMARY KEY (snippet_id, locale)
);

CREATE TABLE cms_files (
  id text PRIMARY KEY,
  url text NOT NULL,
  categories text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE cms_file_translations (
  file_id text NOT NULL REFERENCES cms_files (id) ON DELETE CASCADE,
  locale text NOT NULL REFERENCES locales (code),
  description text NOT NULL,
  PRIMARY KEY (file_id, locale)
);

-- Client telemetry: PUT /log, /performance and /network-performance. Pruned after CLIENT_LOG_RETENTION_DAYS.
CREATE TABLE client_events (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('log', 'performance', 'network')),
  received_at timestamptz NOT NULL DEFAULT now(),
  request_id text,
  remote_addr text,
  user_agent text,
  payload jsonb NOT NULL
);
CREATE INDEX client_events_received_at ON client_events (received_at);

CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  content text NOT NULL,
  locale text NOT NULL,
  remote_addr text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  emailed_at timestamptz
);
