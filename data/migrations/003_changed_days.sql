-- Which data days changed since a build, for the incremental build (build/incremental/):
-- every write to an observation stamps its day with the store's clock; a build advances the
-- clock and remembers the value it saw, so the next build asks for the days stamped with that
-- value or later.
-- Triggers, not the writers, so every writer (import, scrape, seed, tools) is counted.

CREATE TABLE store_clock (n INTEGER NOT NULL);
INSERT INTO store_clock (n) VALUES (0);

CREATE TABLE changed_days (
  day              TEXT PRIMARY KEY,
  clock            INTEGER NOT NULL                  -- store_clock.n when the day last changed
);

CREATE TRIGGER observation_inserted AFTER INSERT ON observations BEGIN
  INSERT INTO changed_days (day, clock) VALUES (NEW.data_day, (SELECT n FROM store_clock))
    ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;

CREATE TRIGGER observation_updated AFTER UPDATE ON observations BEGIN
  INSERT INTO changed_days (day, clock) VALUES (OLD.data_day, (SELECT n FROM store_clock))
    ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
  INSERT INTO changed_days (day, clock) VALUES (NEW.data_day, (SELECT n FROM store_clock))
    ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;

CREATE TRIGGER observation_deleted AFTER DELETE ON observations BEGIN
  INSERT INTO changed_days (day, clock) VALUES (OLD.data_day, (SELECT n FROM store_clock))
    ON CONFLICT (day) DO UPDATE SET clock = excluded.clock;
END;
