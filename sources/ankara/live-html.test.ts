/**
 * The Ankara live table parser on fixtures constructed from the scraper database's rows of
 * 2026-02-18 (tests/fixtures/ankara/README.md says how and what is assumed). The database, read
 * by its own parser, is the independent reference: same names, units and prices, same order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { PrintedRow } from '../types.ts';
import { columnsOf, MARKET_OF_TYPE, parseAnkaraHtml, PARSER, type AnkaraType } from './live-html.ts';
import { parseAnkaraScraperSqlite } from './scraper-sqlite.ts';
import ROWS from './live-html.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/ankara/${name}`, import.meta.url));
const SCRAPER_DB = parseAnkaraScraperSqlite(
  readFileSync(new URL('../../data/sources/ankara/hal_fiyatlari.db', import.meta.url)),
);
const stored = (from: number, to: number) =>
  SCRAPER_DB.rows.filter((r) => {
    const rowid = Number(r.location.replace('prices rowid ', ''));
    return rowid >= from && rowid <= to;
  });
const values = (r: PrintedRow) => [r.dataDay, r.market, r.name, r.unit, r.min, r.max, r.avg];
const html = (body: string) => new TextEncoder().encode(`<html><body>${body}</body></html>`);
const HEAD =
  '<tr><th>Ürün Adı</th><th>Ürün Türü</th><th>Birim</th><th>En Düşük</th><th>En Yüksek</th><th>Tarih</th></tr>';

describe('Ankara live table: the four answers of 2026-02-18', () => {
  const cases: [AnkaraType, number, number, number][] = [
    ['fruit', 33511, 33543, 33],
    ['vegetable', 33544, 33592, 49],
    ['imported', 33593, 33598, 6],
    ['fish', 33599, 33648, 50],
  ];
  for (const [type, from, to, n] of cases) {
    it(`${type}: ${n} rows, the database's values in the database's order`, () => {
      const doc = parseAnkaraHtml(fixture(`${type}-2026-02-18.html`), type);
      expect(doc.bulletinDays).toEqual(['2026-02-18']);
      expect(doc.rows).toHaveLength(n);
      expect(doc.rows.map(values)).toEqual(stored(from, to).map(values));
    });
  }

  it('reads a fish crate row as printed: `5.000,00` → 5000, unit with its runs of spaces, no division', () => {
    const rows = parseAnkaraHtml(fixture('fish-2026-02-18.html'), 'fish').rows;
    expect(rows[4]).toEqual(ROWS['ÇİNEKOP']);
    expect(rows[2]).toMatchObject({ name: 'BARBUN', unit: 'Kilo    (1 Kğ)P Ks.-S Kut.', min: 800, max: 1000 });
  });

  it('reads the first fruit, the last vegetable and the first imported row', () => {
    expect(parseAnkaraHtml(fixture('fruit-2026-02-18.html'), 'fruit').rows[0]).toMatchObject({
      market: 'ankara-sebze-meyve',
      name: 'Armut (Ankara)',
      unit: 'kg',
      min: 40,
      max: 75,
      location: 'table 1 tr 2',
    });
    expect(parseAnkaraHtml(fixture('vegetable-2026-02-18.html'), 'vegetable').rows.at(-1)).toMatchObject({
      name: 'Yer Elması',
      unit: 'kg',
      min: 25,
      max: 50,
      location: 'table 1 tr 50',
    });
    expect(parseAnkaraHtml(fixture('imported-2026-02-18.html'), 'imported').rows[0]).toMatchObject({
      name: 'Ananas',
      unit: 'adet',
      min: 100,
      max: 135,
    });
  });

  it('maps the requested type to the market: fish → ankara-balik, the rest → ankara-sebze-meyve', () => {
    expect(MARKET_OF_TYPE).toEqual({
      vegetable: 'ankara-sebze-meyve',
      fruit: 'ankara-sebze-meyve',
      imported: 'ankara-sebze-meyve',
      fish: 'ankara-balik',
    });
    expect(new Set(parseAnkaraHtml(fixture('fish-2026-02-18.html'), 'vegetable').rows.map((r) => r.market))).toEqual(
      new Set(['ankara-sebze-meyve']),
    );
  });
});

describe('Ankara live table: what the page prints', () => {
  it('reads "Kayıtlı veri bulunamadı" as no list', () => {
    expect(parseAnkaraHtml(fixture('no-data.html'), 'fruit')).toEqual({ rows: [], bulletinDays: [] });
    expect(parseAnkaraHtml(html('<p>Kayıtlı veri bulunamadı.</p>'), 'fish')).toEqual({ rows: [], bulletinDays: [] });
    expect(parseAnkaraHtml(html(`<table>${HEAD}</table>`), 'fish')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('keeps the kind cell as the group and takes the data day from the row date', () => {
    const doc = parseAnkaraHtml(
      html(
        `<table>${HEAD}<tr><td>Nar</td><td>Meyve</td><td>kg</td><td>60,00</td><td>120,00</td><td>17.02.2026</td></tr></table>`,
      ),
      'fruit',
    );
    expect(doc.rows[0]).toMatchObject({ dataDay: '2026-02-17', group: 'Meyve', min: 60, max: 120 });
    expect(doc.bulletinDays).toEqual(['2026-02-17']);
  });

  it('maps price columns by their header when max is printed before min (layout, not a swap)', () => {
    const reversed =
      '<tr><th>Ürün</th><th>Cinsi</th><th>Birim</th><th>En Yüksek</th><th>En Düşük</th><th>Tarih</th></tr>';
    const doc = parseAnkaraHtml(
      html(
        `<table>${reversed}<tr><td>Nar</td><td></td><td>kg</td><td>120,00</td><td>60,00</td><td>17.02.2026</td></tr></table>`,
      ),
      'fruit',
    );
    expect(doc.rows[0]).toMatchObject({ min: 60, max: 120 });
    expect(columnsOf(['Ürün Adı', 'Ürün Türü', 'Birim', 'En Düşük', 'En Yüksek', 'Tarih'])).toEqual({
      name: 0,
      kind: 1,
      unit: 2,
      min: 3,
      max: 4,
      date: 5,
    });
    expect(columnsOf(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ name: 0, kind: 1, unit: 2, min: 3, max: 4, date: 5 });
  });
});

describe('Ankara live table: a changed layout is loud', () => {
  it('throws on a page without a table or the no-data text (a Cloudflare challenge page)', () => {
    expect(
      expectLayoutError(PARSER, () => parseAnkaraHtml(html('<h1>Attention Required! | Cloudflare</h1>'), 'fruit'))
        .message,
    ).toBe('ankara-html: no table in the answer');
  });

  it('throws on an answer cut short: after a row it would pass for a shorter list, after the header for no list', () => {
    const whole = fixture('vegetable-2026-02-18.html').toString('utf8');
    const afterRow = whole.slice(0, whole.indexOf('</tr>', whole.indexOf('Domates')) + '</tr>'.length);
    const afterHeader = whole.slice(0, whole.indexOf('</thead>'));
    for (const cut of [afterRow, afterHeader]) {
      expect(expectLayoutError(PARSER, () => parseAnkaraHtml(new TextEncoder().encode(cut), 'vegetable')).message).toBe(
        'ankara-html: the answer ends before </html>: cut short',
      );
    }
  });

  it('throws on a header that is not six columns, or prices in other columns', () => {
    expect(() => parseAnkaraHtml(html('<table><tr><th>Ürün</th><th>Fiyat</th></tr></table>'), 'fruit')).toThrow(
      'header has 2 cells',
    );
    expect(() => columnsOf(['Ürün', 'En Düşük', 'En Yüksek', 'Birim', 'Tür', 'Tarih'])).toThrow(
      'price columns not where expected',
    );
  });

  it('throws on a row with five cells, a bad date or a price that is not a number', () => {
    const row = (cells: string[]) =>
      html(`<table>${HEAD}<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr></table>`);
    expect(() => parseAnkaraHtml(row(['Nar', '', 'kg', '60,00', '120,00']), 'fruit')).toThrow(
      'table 1 tr 2 has 5 cells',
    );
    expect(() => parseAnkaraHtml(row(['Nar', '', 'kg', '60,00', '120,00', '2026-02-17']), 'fruit')).toThrow(
      'table 1 tr 2: date "2026-02-17"',
    );
    expect(
      expectLayoutError(PARSER, () => parseAnkaraHtml(row(['Nar', '', 'kg', 'kg', '120,00', '17.02.2026']), 'fruit'))
        .message,
    ).toBe('ankara-html: table 1 tr 2: price "kg"');
  });
});
