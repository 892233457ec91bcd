-- Which data days changed since a build, for the incremental build (build/incremental/):
-- every write to an observation stamps its day with the store's clock; a build advances the
-- clock and remembers the value it saw, so the next build asks for the days stamped later
-- (saving the store for the next night advances the saved copy's clock: build/incremental/state.ts).
-- Triggers, not the writers, so every writer (import, scrape, seed, tools) is counted.

CREATE TABLE store_clock (n INTEGER NOT NULL);
INSERT INTO store_clock (n) VALUES (0);

CREATE TABLE changed_days (
  day              TEXT PRIMARY KEY,
  clock            INTEGER NOT NULL                  -- store_clock.n when the day last changed
);

-- One statement each (SQLite triggers cannot call a shared one); an update stamps both days.
-- An upsert, not INSERT OR REPLACE: inside a trigger the firing statement's conflict policy
-- wins over OR REPLACE (the ingest's own upsert would abort on the day's key); `WHERE true`
-- lets the parser tell the upsert's ON CONFLICT from a join.
CREATE TRIGGER observation_inserted AFTER INSERT ON observations BEGIN
  INSERT INTO changed_days (day, clock) SELECT NEW.data_day, n FROM store_clock WHERE true ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;
CREATE TRIGGER observation_updated AFTER UPDATE ON observations BEGIN
  INSERT INTO changed_days (day, clock) SELECT day, n FROM store_clock, (SELECT OLD.data_day AS day UNION SELECT NEW.data_day) WHERE true
    ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;
CREATE TRIGGER observation_deleted AFTER DELETE ON observations BEGIN
  INSERT INTO changed_days (day, clock) SELECT OLD.data_day, n FROM store_clock WHERE true ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;
