-- Keys and plans of keyed access (docs/keyed-access.md). Applied by `wrangler d1 migrations apply`
-- in production and by the local worker at start (scripts/lib/key-store-local.ts), which record it
-- in the same d1_migrations table.

-- A plan's limits: the worker reads them on every keyed request, so a changed row applies at once.
CREATE TABLE plans (
  name TEXT PRIMARY KEY CHECK (name GLOB '[a-z]*' AND length(name) <= 32),
  daily_quota INTEGER NOT NULL CHECK (daily_quota >= 0),
  burst INTEGER NOT NULL CHECK (burst >= 1),
  description TEXT NOT NULL DEFAULT '',
  -- null: as this migration seeded it
  updated_at TEXT
);

-- Only the SHA-256 of a key is stored; key_id (its first 12 hex digits) names it to an operator.
CREATE TABLE api_keys (
  key_hash TEXT PRIMARY KEY CHECK (length(key_hash) = 64),
  key_id TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL REFERENCES plans (name),
  owner TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);

INSERT INTO plans (name, daily_quota, burst, description) VALUES
  ('free', 20000, 300, 'A dashboard or an app backend: the key''s own count, not shared with an address'),
  ('pro', 200000, 3000, 'Commercial or high-volume use, approved by hand');
