/** The Konya parsers on a constructed page and CSV (tests/fixtures/konya/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { CSV_PARSER, HTML_PARSER, konyaCsv, konyaUrl, parseKonyaCsv, parseKonyaHtml } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/konya/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari-2026-09-14.html');
const CSV = fixture('hal_fiyatlari.csv');
const doc = (html: string) =>
  fetchedDocument(konyaUrl('2026-09-14'), html, {
    fetchedAt: null,
    contentType: 'text/html; charset=utf-8',
    requestedDay: '2026-09-14',
  });

describe('Konya page', () => {
  it('reads the vegetable and the fruit table: 6 + 4 rows of the requested day', () => {
    const parsed = parseKonyaHtml(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows.map((r) => r.group)).toEqual([...Array(6).fill('SEBZE'), ...Array(4).fill('MEYVE')]);
  });

  it('reads rows as printed', () => {
    const rows = parseKonyaHtml(doc(PAGE)).rows;
    expect(rows[1]).toEqual(ROWS['Biber (Sivri)']);
    expect(rows[4]).toMatchObject({ name: 'Marul', unit: 'Adet', min: 15, max: 20 });
    expect(rows[5]).toMatchObject({ name: 'Maydanoz', unit: 'Bağ', min: 7.5, max: 10 });
    expect(rows[9]).toMatchObject({ name: 'Ayva', group: 'MEYVE', min: 30, max: 42.5, location: 'table[1] tr[4]' });
  });

  it('reads empty tables as no list', () => {
    expect(parseKonyaHtml(doc(PAGE.replace(/<tbody>[\s\S]*?<\/tbody>/g, '<tbody></tbody>')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('throws a LayoutError on a changed page', () => {
    expect(
      expectLayoutError(HTML_PARSER, () => parseKonyaHtml(doc(PAGE.replaceAll('<th>Birim</th>', '<th>Birimi</th>'))))
        .message,
    ).toBe('konya-html: no table with the header Ürün · Birim · En Düşük · En Yüksek');
    const third = PAGE.replace(
      '</div>\n</div>',
      '</div>\n<table><tr><th>Ürün</th><th>Birim</th><th>En Düşük</th><th>En Yüksek</th></tr></table></div>',
    );
    expect(() => parseKonyaHtml(doc(third))).toThrow('konya-html: 3 price tables, expected 2 (vegetables, fruit)');
  });
});

describe('Konya open-data CSV', () => {
  it('reads 10 rows over three days, unchanged prices and old lira as printed', () => {
    const parsed = parseKonyaCsv(CSV);
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.bulletinDays).toEqual(['2004-12-30', '2026-09-08', '2026-09-11']);
    expect(parsed.rows[0]).toEqual(ROWS.Domates);
    expect(parsed.rows[3]).toMatchObject({ dataDay: '2026-09-08', name: 'Maydanoz', unit: 'Bağ', min: 7.5, max: 10 });
    expect(parsed.rows[4]).toMatchObject({ name: 'Elma (Golden)', group: 'MEYVE', min: 25, max: 35 });
    expect(parsed.rows[9]).toMatchObject({
      dataDay: '2026-09-11',
      name: 'Üzüm (Çekirdeksiz)',
      min: 40,
      max: 55,
      location: 'line 11',
    });
  });

  it('reads a semicolon file with dotted dates and comma decimals the same way', () => {
    const semicolon =
      'tarih;urun_ad;birim;tur;en_dusuk_fiyat;en_yuksek_fiyat\n11.09.2026 00:00:00;Maydanoz;Bağ;0;7,5;10\n';
    expect(parseKonyaCsv(semicolon).rows[0]).toMatchObject({
      dataDay: '2026-09-11',
      name: 'Maydanoz',
      min: 7.5,
      max: 10,
      group: 'SEBZE',
    });
    expect(
      konyaCsv.parse({ url: 'x', fetchedAt: null, contentType: 'text/csv', bytes: new TextEncoder().encode(CSV) }).rows,
    ).toHaveLength(10);
  });

  it('throws a LayoutError on a changed file', () => {
    expect(
      expectLayoutError(CSV_PARSER, () => parseKonyaCsv(CSV.replace('en_yuksek_fiyat', 'ortalama'))).message,
    ).toContain('konya-csv: header');
    expect(() => parseKonyaCsv(CSV.replace('2026-09-08,Patates,Kg,0', '2026-09-08,Patates,Kg,2'))).toThrow(
      'konya-csv: line 4: tur "2", expected 0 or 1',
    );
    expect(() => parseKonyaCsv(CSV.replace('2026-09-08,Patates', '2026-13-08,Patates'))).toThrow(
      'konya-csv: line 4: not a date',
    );
  });
});
