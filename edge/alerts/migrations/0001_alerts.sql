-- Price alerts (docs/alerts.md): the one store of personal data. Applied by `wrangler d1 migrations
-- apply hal-alerts` in production and by the local worker at start (scripts/lib/local-worker.ts), which
-- record it in the same d1_migrations table. Deleting a subscriber deletes its alerts and tokens.

-- An address, held only while it has an alert (pending or active).
CREATE TABLE subscribers (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE CHECK (length(email) <= 254),
  created_at TEXT NOT NULL
);

CREATE TABLE alerts (
  id TEXT PRIMARY KEY CHECK (id GLOB 'alr_*'),
  subscriber_id TEXT NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  -- a variant slug, as /products items; its name as the build published it
  product_slug TEXT NOT NULL,
  product_name TEXT NOT NULL,
  -- null: the national indicator (/prices/latest); else that market's latest price
  market_slug TEXT,
  -- two decimals, as prices are published
  target_price TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('above', 'below')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'active')),
  created_at TEXT NOT NULL,
  -- a pending alert's end (created + 48 h); null once confirmed
  expires_at TEXT,
  confirmed_at TEXT,
  -- 1: the next crossing mails; 0: mailed, asleep until the price is back on the other side
  armed INTEGER NOT NULL DEFAULT 1 CHECK (armed IN (0, 1)),
  -- what the notifier last compared: the price, its data day and the build it read
  last_price REAL,
  last_data_date TEXT,
  last_build_id TEXT,
  last_notified_at TEXT
);
CREATE INDEX alerts_by_subscriber ON alerts (subscriber_id);
CREATE INDEX alerts_by_status ON alerts (status, expires_at);

-- Only a token's SHA-256 is stored. confirm: single use, names its alert; manage: lists and deletes
-- the subscriber's alerts until it expires.
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
  subscriber_id TEXT NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'manage')),
  alert_id TEXT REFERENCES alerts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  CHECK ((purpose = 'confirm') = (alert_id IS NOT NULL))
);
CREATE INDEX tokens_by_subscriber ON tokens (subscriber_id);

-- Abuse limits, counted by keyed hashes (HMAC with the ALERT_SECRET), never by the address or IP
-- itself; a row is deleted once its day or hour is over.
CREATE TABLE mail_counts (
  address_hash TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (address_hash, day)
);
CREATE TABLE create_counts (
  ip_hash TEXT NOT NULL,
  hour TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (ip_hash, hour)
);

-- The builds the scheduled notifier has compared alerts with: a build is compared once.
CREATE TABLE notifier_runs (
  build_id TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  alerts_checked INTEGER,
  mails_sent INTEGER
);
