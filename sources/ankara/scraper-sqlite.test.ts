/**
 * Golden tests of the Ankara scraper database (SQLite) on the real file.
 *
 * Expected numbers computed independently with Python's sqlite3 module, e.g.
 *   python3 -c "import sqlite3; c=sqlite3.connect('data/sources/ankara/hal_fiyatlari.db');
 *     print(c.execute('select count(*), count(distinct date), min(date), max(date) from prices').fetchall())"
 *   → (21407, 168, '2025-05-29', '2026-02-28')
 *   rows per day and category: `… join products r on r.id=p.product_id join categories c on
 *     c.id=r.category_id where date=? group by c.name`; spot rows: `… where p.rowid=?`.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { PrintedRow } from '../types.ts';
import { parseAnkaraScraperSqlite, PARSER } from './scraper-sqlite.ts';
import ROWS from './scraper-sqlite.rows.json' with { type: 'json' };

const BYTES = readFileSync(new URL('../../data/sources/ankara/hal_fiyatlari.db', import.meta.url));
const DOC = parseAnkaraScraperSqlite(BYTES);
const at = (rowid: number) => DOC.rows.find((r) => r.location === `prices rowid ${rowid}`);
const count = (rows: PrintedRow[], pick: (r: PrintedRow) => string) => {
  const out: Record<string, number> = {};
  for (const r of rows) out[pick(r)] = (out[pick(r)] ?? 0) + 1;
  return out;
};

describe('Ankara scraper database: counts', () => {
  it('has 21407 rows on 168 days, 2025-05-29 … 2026-02-28', () => {
    expect(DOC.rows).toHaveLength(21407);
    expect(DOC.bulletinDays).toHaveLength(168);
    expect(DOC.bulletinDays[0]).toBe('2025-05-29');
    expect(DOC.bulletinDays.at(-1)).toBe('2026-02-28');
  });

  it('has 14749 fruit and vegetable rows on 168 days and 6658 fish rows on 135 days', () => {
    expect(count(DOC.rows, (r) => r.market)).toEqual({ 'ankara-sebze-meyve': 14749, 'ankara-balik': 6658 });
    expect(count(DOC.rows, (r) => r.group ?? '')).toEqual({ 'MEYVE / SEBZE': 14749, BALIK: 6658 });
    expect(new Set(DOC.rows.filter((r) => r.market === 'ankara-balik').map((r) => r.dataDay)).size).toBe(135);
  });

  it('has the counted rows per market on four days', () => {
    const on = (day: string) =>
      count(
        DOC.rows.filter((r) => r.dataDay === day),
        (r) => r.market,
      );
    expect(on('2025-05-29')).toEqual({ 'ankara-sebze-meyve': 84, 'ankara-balik': 48 });
    expect(on('2025-12-28')).toEqual({ 'ankara-sebze-meyve': 86 });
    expect(on('2026-02-18')).toEqual({ 'ankara-sebze-meyve': 88, 'ankara-balik': 50 });
    expect(on('2026-02-28')).toEqual({ 'ankara-sebze-meyve': 88, 'ankara-balik': 50 });
  });

  it('keeps the 9 rows whose min is above max as stored (normalise swaps them later)', () => {
    expect(DOC.rows.filter((r) => r.min! > r.max!)).toHaveLength(9);
  });
});

describe('Ankara scraper database: spot values as stored', () => {
  it('reads the first row (rowid 133)', () => {
    expect(DOC.rows[0]).toEqual(ROWS.Ananas);
  });

  it('reads a decimal price (rowid 303: Kuzukulağı bağ 3 / 7.5)', () => {
    expect(at(303)).toMatchObject({
      dataDay: '2025-06-03',
      name: 'Kuzukulağı (70-100gr)',
      unit: 'bağ',
      min: 3,
      max: 7.5,
      printed: 'Kuzukulağı (70-100gr) | bağ | 3 | 7.5 | 2025-06-03 | MEYVE / SEBZE',
    });
  });

  it('does not swap min > max (rowid 3354: 20 / 18, rowid 13811: 80 / 15)', () => {
    expect(at(3354)).toMatchObject({
      dataDay: '2025-06-26',
      name: 'Lahana (Kırmızı) (kg)',
      unit: 'kg',
      min: 20,
      max: 18,
    });
    expect(at(13811)).toMatchObject({ dataDay: '2025-09-04', name: 'Sarımsak (Kuru)', unit: 'kg', min: 80, max: 15 });
  });

  it('keeps a fish crate price undivided, with the unit text and its runs of spaces (rowid 33603)', () => {
    expect(at(33603)).toEqual(ROWS['ÇİNEKOP']);
  });

  it('reads the last row (rowid 35032: ZARGANA 2000 / 2200 on 2026-02-28)', () => {
    expect(DOC.rows.at(-1)).toMatchObject({
      dataDay: '2026-02-28',
      market: 'ankara-balik',
      name: 'ZARGANA',
      unit: 'Kasa   (10 Kğ)P Ks-.S Kut',
      min: 2000,
      max: 2200,
      location: 'prices rowid 35032',
    });
  });

  it('keeps the unit cell `avokado` as stored (93 rows)', () => {
    expect(DOC.rows.filter((r) => r.unit === 'avokado').map((r) => r.name)).toEqual(Array(93).fill('Avokado'));
  });
});

describe('Ankara scraper database: a different database is loud', () => {
  const database = (sql: string) => {
    const db = new Database(':memory:');
    db.exec(sql);
    const bytes = db.serialize();
    db.close();
    return bytes;
  };
  const SCHEMA = `CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE products (id INTEGER PRIMARY KEY, category_id INTEGER, name TEXT, unit TEXT);
    CREATE TABLE prices (id INTEGER PRIMARY KEY, product_id INTEGER, min_price DECIMAL, max_price DECIMAL, date DATE);`;

  it('throws on bytes that are not a SQLite database', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseAnkaraScraperSqlite(new TextEncoder().encode('<html>Attention Required</html>')),
      ).message,
    ).toMatch(/not a readable SQLite database/);
  });

  it('throws on a database without the prices columns', () => {
    const bytes = database(
      'CREATE TABLE categories (id, name); CREATE TABLE products (id, category_id, name, unit); CREATE TABLE prices (id, product_id, price, date);',
    );
    expect(expectLayoutError(PARSER, () => parseAnkaraScraperSqlite(bytes)).message).toBe(
      'ankara-scraper-sqlite: table prices lacks min_price, max_price',
    );
  });

  it('throws on an unknown category, a bad date, a text price and a row without product', () => {
    const base = `${SCHEMA} INSERT INTO categories VALUES (1, 'MEYVE / SEBZE'), (3, 'ÇİÇEK'); INSERT INTO products VALUES (1, 1, 'Ananas', 'adet'), (2, 3, 'Gül', 'bağ');`;
    expect(() =>
      parseAnkaraScraperSqlite(database(`${base} INSERT INTO prices VALUES (5, 2, 1, 2, '2026-02-18');`)),
    ).toThrow('prices rowid 5: unknown category "ÇİÇEK"');
    expect(() =>
      parseAnkaraScraperSqlite(database(`${base} INSERT INTO prices VALUES (6, 1, 1, 2, '18.02.2026');`)),
    ).toThrow('prices rowid 6: date "18.02.2026"');
    expect(() =>
      parseAnkaraScraperSqlite(database(`${base} INSERT INTO prices VALUES (7, 1, 'yok', 2, '2026-02-18');`)),
    ).toThrow('prices rowid 7: price "yok"');
    expect(() =>
      parseAnkaraScraperSqlite(database(`${base} INSERT INTO prices VALUES (8, 9, 1, 2, '2026-02-18');`)),
    ).toThrow('prices rowid 8: no product');
  });

  it('reads an empty database as no bulletin', () => {
    expect(parseAnkaraScraperSqlite(database(SCHEMA))).toEqual({ rows: [], bulletinDays: [] });
  });
});
