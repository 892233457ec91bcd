-- An archive document whose layout its parser does not know is kept as evidence with no rows;
-- `refused` holds the parser's words (NULL for a document that was read). A later import whose
-- parser reads it replaces the record (store/ingest.ts).
ALTER TABLE documents ADD COLUMN refused TEXT;
