-- Yearly crop production from the official statistics (data/production/, its README.md).
-- A production document is one file the rows were read from: a TÜİK table or the province database.
CREATE TABLE production_documents (
  id               INTEGER PRIMARY KEY,
  sha256           TEXT NOT NULL UNIQUE,
  path             TEXT NOT NULL UNIQUE,             -- repository path, e.g. data/production/…/Üzüm.xls
  bytes            INTEGER NOT NULL,
  table_id         TEXT NOT NULL UNIQUE,             -- TÜİK's table number (45_t10 …) or `kds` for the database
  title            TEXT NOT NULL,                    -- the table's Turkish title line as printed
  source_line      TEXT,                             -- the table's own `Kaynak:` line; NULL when the file has none
  provenance       TEXT NOT NULL,                    -- where the bytes were copied from (repository @ commit, path)
  licence          TEXT,                             -- NULL: none stated
  parser           TEXT NOT NULL,
  parser_version   INTEGER NOT NULL,
  rows             INTEGER NOT NULL DEFAULT 0
);

-- One row per table × region × year × product as printed. `quantity_tons` NULL is a missing value
-- (`-`, an empty cell, or a known defect of the source), never 0 t. `measure` says how a linked row
-- stands to its product family: `total` is the family's whole production in that region and year
-- (at most one such row per family, region and year), `part` a share of it (a variety, a use, or
-- the production under cover); parts are never added to a total. NULL family ⇔ NULL measure.
CREATE TABLE production (
  table_id         TEXT NOT NULL,
  region           TEXT NOT NULL,                    -- `tr` or a province slug (core/provinces.ts)
  year             INTEGER NOT NULL,
  product_name     TEXT NOT NULL,                    -- as printed, trimmed
  product_slug     TEXT REFERENCES products(slug),   -- NULL = unlinked, reported with counts
  measure          TEXT CHECK (measure IN ('total', 'part')),
  quantity_tons    INTEGER,
  area_hectares    REAL,                             -- printed decares ÷ 10; NULL where the table gives none
  source           TEXT NOT NULL,                    -- the table's Kaynak line, or the database's provenance
  document_id      INTEGER NOT NULL REFERENCES production_documents(id),
  PRIMARY KEY (table_id, region, year, product_name),
  CHECK ((product_slug IS NULL) = (measure IS NULL))
);
CREATE INDEX production_by_family ON production(product_slug, region, year);
CREATE INDEX production_by_year ON production(year, region);
CREATE INDEX production_by_name ON production(table_id, product_name);
