-- A row's flags from its own numbers (normalise, repeats), kept apart from `quality_flags`,
-- which adds what the store's other rows say of it (store/implausible-lows.ts): so that pass can
-- withdraw a flag it set when the history changes without touching one the row set itself.
ALTER TABLE observations ADD COLUMN row_flags TEXT NOT NULL DEFAULT '[]';
UPDATE observations SET row_flags = quality_flags;
