-- Live collection: conditional-request validators per URL, and frozen-source detection.

CREATE TABLE fetch_validators (
  url              TEXT PRIMARY KEY,
  etag             TEXT,
  last_modified    TEXT,
  sha256           TEXT NOT NULL,                    -- the document those validators describe
  content_type     TEXT NOT NULL,
  fetched_at       TEXT NOT NULL
);

-- 1 when a bulletin's fingerprint equals the same market's previous bulletin: the source
-- repeated its list; it is kept as printed but not counted as a new list.
ALTER TABLE bulletins ADD COLUMN repeats_previous INTEGER NOT NULL DEFAULT 0;
