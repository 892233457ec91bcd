-- The whole domain, not only the first importer's needs. Money is REAL in Turkish lira
-- (two decimals at most); days are TEXT 'YYYY-MM-DD' (Europe/Istanbul); moments TEXT ISO 8601 UTC.

CREATE TABLE sources (
  key              TEXT PRIMARY KEY,
  number           INTEGER NOT NULL UNIQUE,          -- encoded in observation ids
  name             TEXT NOT NULL,
  organisation     TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('municipal', 'national', 'association')),
  url              TEXT,
  method           TEXT NOT NULL,
  licence          TEXT,
  attribution      TEXT NOT NULL,
  publishing_days  TEXT NOT NULL,                    -- ISO weekdays, e.g. '1,2,3,4,5,6'
  publish_window   TEXT,
  data_lag_days    INTEGER NOT NULL DEFAULT 0,
  enabled          INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  verification     TEXT NOT NULL CHECK (verification IN ('verified', 'unverified')),
  note             TEXT NOT NULL DEFAULT ''
);

-- Every attempt to collect a source; status and health are derived from this history.
CREATE TABLE source_runs (
  id               INTEGER PRIMARY KEY,
  source_key       TEXT NOT NULL REFERENCES sources(key),
  started_at       TEXT NOT NULL,
  finished_at      TEXT,
  scheduled        INTEGER NOT NULL DEFAULT 0,       -- 1 when started by the nightly scheduler
  outcome          TEXT NOT NULL CHECK (outcome IN ('ok', 'unchanged', 'no_bulletin', 'blocked', 'unreachable', 'broken', 'frozen', 'disabled')),
  http_status      INTEGER,
  message          TEXT,
  documents        INTEGER NOT NULL DEFAULT 0,
  observations     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX source_runs_by_source ON source_runs(source_key, started_at);

CREATE TABLE markets (
  slug             TEXT PRIMARY KEY,
  source_key       TEXT NOT NULL REFERENCES sources(key),
  name             TEXT NOT NULL,
  province         TEXT NOT NULL,
  province_slug    TEXT NOT NULL,
  district         TEXT,
  kind             TEXT NOT NULL CHECK (kind IN ('sebze-meyve', 'balik', 'ulusal'))
);

CREATE TABLE categories (
  slug             TEXT PRIMARY KEY,
  name             TEXT NOT NULL
);

-- Product families (the `product` short name) and their sellable variants (product + variety + unit).
CREATE TABLE products (
  slug             TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  category_slug    TEXT NOT NULL REFERENCES categories(slug)
);

CREATE TABLE variants (
  slug             TEXT PRIMARY KEY,
  product_slug     TEXT NOT NULL REFERENCES products(slug),
  name             TEXT NOT NULL,
  unit             TEXT NOT NULL
);

-- Every name a source prints, and the variant it is linked to (the aliases).
CREATE TABLE source_names (
  id               INTEGER PRIMARY KEY,
  source_key       TEXT NOT NULL REFERENCES sources(key),
  raw_name         TEXT NOT NULL,                    -- first spelling seen, exactly as printed
  match_key        TEXT NOT NULL,                    -- Turkish-folded key
  unit             TEXT NOT NULL,                    -- normalised unit
  raw_unit         TEXT NOT NULL,
  variant_slug     TEXT REFERENCES variants(slug),   -- NULL = unmatched, reported with counts
  method           TEXT CHECK (method IN ('exact', 'trigram', 'manual', 'seed')),
  confidence       REAL,
  reviewed_at      TEXT,
  row_count        INTEGER NOT NULL DEFAULT 0,
  first_day        TEXT,
  last_day         TEXT,
  UNIQUE (source_key, match_key, unit)
);

-- Evidence: every document read, content-addressed.
CREATE TABLE documents (
  id               INTEGER PRIMARY KEY,
  sha256           TEXT NOT NULL UNIQUE,
  source_key       TEXT NOT NULL REFERENCES sources(key),
  kind             TEXT NOT NULL CHECK (kind IN ('archive', 'live')),
  url              TEXT NOT NULL,                    -- where the bytes came from
  fetched_at       TEXT,                             -- NULL when the archive's download moment is unknown
  bytes            INTEGER NOT NULL,
  content_type     TEXT NOT NULL,
  parser           TEXT NOT NULL,
  parser_version   INTEGER NOT NULL,
  stored_path      TEXT NOT NULL,                    -- where the bytes are kept (repo path or evidence store)
  rows             INTEGER NOT NULL DEFAULT 0,
  bulletin_days    INTEGER NOT NULL DEFAULT 0
);

-- One row per market × printed product × data day (a repeated printed line gets repeat 1, 2 …).
CREATE TABLE observations (
  id               TEXT PRIMARY KEY,                 -- UUID v8, see core/observation-id.ts
  source_key       TEXT NOT NULL REFERENCES sources(key),
  market_slug      TEXT NOT NULL REFERENCES markets(slug),
  source_name_id   INTEGER NOT NULL REFERENCES source_names(id),
  data_day         TEXT NOT NULL,
  repeat           INTEGER NOT NULL DEFAULT 0,
  min_price        REAL,
  max_price        REAL,
  avg_price        REAL NOT NULL,
  avg_method       TEXT NOT NULL CHECK (avg_method IN ('reported', 'midpoint')),
  unit             TEXT NOT NULL,
  unit_printed     TEXT NOT NULL,
  currency         TEXT NOT NULL DEFAULT 'TRY',
  quality_flags    TEXT NOT NULL DEFAULT '[]',       -- JSON array of strings
  document_id      INTEGER NOT NULL REFERENCES documents(id),
  location         TEXT NOT NULL,                    -- where the row stands in the document
  printed          TEXT NOT NULL                     -- the row as printed
);
CREATE INDEX observations_by_day ON observations(data_day, source_key);
CREATE INDEX observations_by_market ON observations(market_slug, data_day);
CREATE INDEX observations_by_name ON observations(source_name_id, data_day);

-- Bulletins: each data day a source published, from which document (days with no rows too).
CREATE TABLE bulletins (
  source_key       TEXT NOT NULL REFERENCES sources(key),
  market_slug      TEXT NOT NULL REFERENCES markets(slug),
  data_day         TEXT NOT NULL,
  document_id      INTEGER NOT NULL REFERENCES documents(id),
  rows             INTEGER NOT NULL,
  fingerprint      TEXT NOT NULL,                    -- row count + sum of averages, for frozen detection
  PRIMARY KEY (source_key, market_slug, data_day)
);

-- An administrator's correction, applied at build time; the original stays in the evidence.
CREATE TABLE corrections (
  id               INTEGER PRIMARY KEY,
  observation_id   TEXT NOT NULL REFERENCES observations(id),
  field            TEXT NOT NULL CHECK (field IN ('min_price', 'max_price', 'avg_price')),
  value            REAL NOT NULL,
  reason           TEXT NOT NULL,
  corrected_by     TEXT NOT NULL,
  corrected_at     TEXT NOT NULL
);

CREATE TABLE holidays (
  day              TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('national', 'religious', 'eve')),
  half_day         INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE index_definitions (
  slug             TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  scope            TEXT NOT NULL CHECK (scope IN ('national', 'municipal')),
  province_slug    TEXT,
  method           TEXT NOT NULL,
  base_week        TEXT,
  base_value       REAL NOT NULL DEFAULT 100,
  basket           TEXT NOT NULL,                    -- JSON array of product or variant slugs
  version          TEXT NOT NULL DEFAULT '1',
  methodology_note TEXT
);

CREATE TABLE index_values (
  index_slug       TEXT NOT NULL REFERENCES index_definitions(slug),
  week             TEXT NOT NULL,                    -- ISO week YYYY-WW
  week_start       TEXT NOT NULL,
  week_end         TEXT NOT NULL,
  value            REAL NOT NULL,
  member_count     INTEGER NOT NULL,
  PRIMARY KEY (index_slug, week)
);
