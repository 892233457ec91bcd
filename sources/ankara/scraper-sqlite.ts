/**
 * The SQLite database of a daily scraper of `https://www.ankara.bel.tr/hal-fiyatlari`
 * (hdogrukan/hal-fiyatlari): `categories(id, name)`, `products(id, category_id, name, unit)`,
 * `prices(id, product_id, min_price, max_price, date)`. It is derived from the page, not the page:
 * the scraper kept the name and unit cells as printed and min/max read with `1.234,56` rules,
 * dropped the kind and the per-row date cells, and filed each row under the day it requested
 * (`prices.date`, YYYY-MM-DD). Fruit, vegetables and imported share the category
 * `MEYVE / SEBZE`; fish is `BALIK`. One row per product and day (`UNIQUE(product_id, date)`).
 */
import Database from 'better-sqlite3';
import { isDay } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'ankara-scraper-sqlite';
export const PARSER_VERSION = 1;

/** The scraper's two categories → our markets (fish has its own hall). */
const MARKET_OF_CATEGORY: Readonly<Record<string, string>> = {
  'MEYVE / SEBZE': 'ankara-sebze-meyve',
  BALIK: 'ankara-balik',
};

const COLUMNS: Record<string, string[]> = {
  categories: ['id', 'name'],
  products: ['id', 'category_id', 'name', 'unit'],
  prices: ['id', 'product_id', 'min_price', 'max_price', 'date'],
};

type StoredRow = {
  rowid: number;
  min: unknown;
  max: unknown;
  date: unknown;
  name: unknown;
  unit: unknown;
  category: unknown;
};

const QUERY = `SELECT p.rowid AS rowid, p.min_price AS min, p.max_price AS max, p.date AS date,
    r.name AS name, r.unit AS unit, c.name AS category
  FROM prices p LEFT JOIN products r ON r.id = p.product_id LEFT JOIN categories c ON c.id = r.category_id
  ORDER BY p.rowid`;

function open(bytes: Uint8Array): Database.Database {
  const db = new Database(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { readonly: true });
  try {
    for (const [table, wanted] of Object.entries(COLUMNS)) {
      const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
      const missing = wanted.filter((c) => !have.has(c));
      if (missing.length) throw new LayoutError(PARSER, `table ${table} lacks ${missing.join(', ')}`);
    }
  } catch (error) {
    db.close();
    if (error instanceof LayoutError) throw error;
    throw new LayoutError(PARSER, `not a readable SQLite database (${(error as Error).message})`);
  }
  return db;
}

/** A stored price is a number (REAL or INTEGER affinity); anything else is not the database we know. */
function price(value: unknown, where: string): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(value)}`);
}

function toRow(s: StoredRow): PrintedRow {
  const where = `prices rowid ${s.rowid}`;
  if (typeof s.name !== 'string' || typeof s.unit !== 'string') throw new LayoutError(PARSER, `${where}: no product`);
  const market = typeof s.category === 'string' ? MARKET_OF_CATEGORY[s.category] : undefined;
  if (!market) throw new LayoutError(PARSER, `${where}: unknown category ${JSON.stringify(s.category)}`);
  if (typeof s.date !== 'string' || !isDay(s.date))
    throw new LayoutError(PARSER, `${where}: date ${JSON.stringify(s.date)}`);
  const min = price(s.min, where);
  const max = price(s.max, where);
  return {
    dataDay: s.date,
    market,
    name: s.name,
    unit: s.unit,
    group: s.category as string,
    min,
    max,
    // The page prints no average; normalise takes the midpoint and says so.
    avg: null,
    printed: [s.name, s.unit, s.min, s.max, s.date, s.category].join(' | '),
    location: where,
  };
}

/** Every price row of the database, in rowid order, exactly as stored (9 rows keep min > max). */
export function parseAnkaraScraperSqlite(bytes: Uint8Array): ParsedDocument {
  const db = open(bytes);
  try {
    const rows = (db.prepare(QUERY).all() as StoredRow[]).map(toRow);
    const bulletinDays = [...new Set(rows.map((r) => r.dataDay))].sort();
    return { rows, bulletinDays };
  } finally {
    db.close();
  }
}
