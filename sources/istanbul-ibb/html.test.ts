/**
 * Golden tests of the HTML parser on the real page of the former site (vegetables of
 * 2020-01-30) and on fragments of the current endpoint (tests/fixtures/istanbul-ibb/README.md).
 *
 * Expected numbers counted independently of the parser with a Python regex pass over the file:
 * the `<table … class="tableClass">` element, its `<tr>` (85: one header + 84 rows), the cells of
 * rows 2, 30, 58 and 85 (first, ⌊n/3⌋, ⌊2n/3⌋, last data row) with tags stripped, and the units
 * by `collections.Counter` (Kilogram 66, Demet 9, Adet 7, Kutu 2). The numbers are the printed
 * text read as decimals by hand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { LayoutError } from '../types.ts';
import { parseIbbCsv } from './csv.ts';
import { parseIbbHtml, PARSER } from './html.ts';
import ROWS from './html.rows.json' with { type: 'json' };

const PAGE = readFileSync(
  new URL('../../data/sources/istanbul-ibb/gida.ibb.istanbul_hal-fiyatlari_2020-01-30_sebze.html', import.meta.url),
);
const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/istanbul-ibb/${name}`, import.meta.url));
const bytes = (text: string) => new TextEncoder().encode(text);
const ARCHIVE_URL =
  'https://raw.githubusercontent.com/yunusbayazit/ibb-hal-veri-crawler/e671c8d8e8ee3a605a8cca13527dfe33b7d4e058/index.html';
const endpoint = (kategori: string) =>
  `https://tarim.ibb.istanbul/inc/halfiyatlari/gunluk_fiyatlar.asp?tarih=14.03.2024&kategori=${kategori}&tUsr=u&tPas=p&tVal=v&HalTurId=2`;

const page = () => parseIbbHtml({ bytes: PAGE, url: ARCHIVE_URL, requestedDay: '2020-01-30' });
const HEAD =
  '<table class="tableClass"><tr><th>Urun Adı</th><th>Birim</th><th>En Düşük Fiyat</th><th>En Yüksek Fiyat</th></tr>';
const fragment = (rows: string, url = endpoint('6'), requestedDay: string | null = '2024-03-14') =>
  parseIbbHtml({ bytes: bytes(HEAD + rows + '</table>'), url, requestedDay });

describe('İBB HTML: the former site page of 2020-01-30 (vegetables)', () => {
  it('has 84 rows on one bulletin day, all vegetables of the Bayrampaşa market', () => {
    const doc = page();
    expect(doc.rows).toHaveLength(84);
    expect(doc.bulletinDays).toEqual(['2020-01-30']);
    expect(new Set(doc.rows.map((r) => `${r.dataDay} ${r.market} ${r.group}`))).toEqual(
      new Set(['2020-01-30 istanbul-ibb-sebze-meyve sebze']),
    );
  });

  it('reads the first, ⌊n/3⌋, ⌊2n/3⌋ and last rows as printed, without an average', () => {
    const rows = page().rows;
    expect(rows[0]).toEqual(ROWS['Akdeniz Baharatları']);
    expect(rows[28]).toMatchObject({
      name: 'Fasülye (Şeker)',
      unit: 'Kilogram',
      min: 15,
      max: 20,
      location: 'table.tableClass tr[30]',
    });
    expect(rows[56]).toMatchObject({
      name: 'Patates',
      unit: 'Kilogram',
      min: 1.5,
      max: 2.5,
      location: 'table.tableClass tr[58]',
    });
    expect(rows[83]).toMatchObject({
      name: 'Yer Elması',
      unit: 'Kilogram',
      min: 2,
      max: 3,
      printed: 'Yer Elması | Kilogram | 2,00 TL | 3,00 TL',
      location: 'table.tableClass tr[85]',
    });
    // `0,50` and `0,75` (Kıvırcık (2.Kalite), tr 44) keep their kuruş
    expect(rows.find((r) => r.name === 'Kıvırcık (2.Kalite)')).toMatchObject({
      unit: 'Adet',
      min: 0.5,
      max: 0.75,
      location: 'table.tableClass tr[44]',
    });
  });

  it('keeps the printed units: Kilogram 66, Demet 9, Adet 7, Kutu 2', () => {
    const units = new Map<string, number>();
    for (const r of page().rows) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({ Kutu: 2, Kilogram: 66, Demet: 9, Adet: 7 });
  });

  it('takes the day from the page when no day was requested, and refuses a page for another day', () => {
    expect(parseIbbHtml({ bytes: PAGE, url: ARCHIVE_URL }).bulletinDays).toEqual(['2020-01-30']);
    expect(
      expectLayoutError(PARSER, () => parseIbbHtml({ bytes: PAGE, url: ARCHIVE_URL, requestedDay: '2020-01-31' }))
        .message,
    ).toBe('istanbul-ibb-html: the page shows the list of 2020-01-30, 2020-01-31 was requested');
  });

  it('refuses a page whose selected category is not the one the URL asks for', () => {
    expect(() => parseIbbHtml({ bytes: PAGE, url: endpoint('5'), requestedDay: '2020-01-30' })).toThrow(
      'the URL asks for kategori 5, the page shows 6',
    );
  });
});

describe('İBB HTML: fragments of the current endpoint', () => {
  it('reads the table cut out of the real page exactly like the page', () => {
    const doc = parseIbbHtml({
      bytes: fixture('fragment-sebze-2020-01-30.html'),
      url: endpoint('6'),
      requestedDay: '2020-01-30',
    });
    expect(doc).toEqual(page());
  });

  it('takes the category from `kategori` in the URL (5 meyve, 6 sebze, 7 ithal) and null without one', () => {
    const bytes = fixture('fragment-meyve-2024-03-14.html');
    expect(parseIbbHtml({ bytes, url: endpoint('5'), requestedDay: '2024-03-14' }).rows[0]!.group).toBe('meyve');
    expect(parseIbbHtml({ bytes, url: endpoint('7'), requestedDay: '2024-03-14' }).rows[0]!.group).toBe('ithal');
    expect(
      parseIbbHtml({ bytes, url: 'https://example.org/no-query', requestedDay: '2024-03-14' }).rows[0]!.group,
    ).toBeNull();
  });

  it('reads `10,00<span> TL</span>` cells to the same rows the CSV dump of that answer gives', () => {
    for (const group of ['meyve', 'sebze'] as const) {
      const html = parseIbbHtml({
        bytes: fixture(`fragment-${group}-2024-03-14.html`),
        url: endpoint(group === 'meyve' ? '5' : '6'),
        requestedDay: '2024-03-14',
      });
      const csv = parseIbbCsv(
        readFileSync(new URL(`../../data/sources/istanbul-ibb/csv/2024-03-14_${group}.csv`, import.meta.url)),
        { url: 'x', requestedDay: '2024-03-14' },
        group,
      );
      const values = (r: {
        dataDay: string;
        name: string;
        unit: string;
        group: string | null;
        min: number | null;
        max: number | null;
      }) => [r.dataDay, r.name, r.unit, r.group, r.min, r.max];
      expect(html.rows).toHaveLength(group === 'meyve' ? 39 : 80);
      expect(html.rows.map(values)).toEqual(csv.rows.map(values));
    }
  });

  it('reads the empty table as a day without a list, whatever the day', () => {
    expect(
      parseIbbHtml({ bytes: fixture('fragment-empty.html'), url: endpoint('7'), requestedDay: '2024-03-14' }),
    ).toEqual({ rows: [], bulletinDays: [] });
    expect(parseIbbHtml({ bytes: fixture('fragment-empty.html'), url: endpoint('7'), requestedDay: null })).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('reads a placeholder price as no quote', () => {
    expect(
      fragment('<tr><td>Domates</td><td>Kilogram</td><td>-</td><td>5,00<span> TL</span></td></tr>').rows[0],
    ).toMatchObject({ min: null, max: 5 });
  });

  it('needs a requested day for a fragment, which prints none', () => {
    expect(() =>
      fragment('<tr><td>Domates</td><td>Kilogram</td><td>4,00</td><td>5,00</td></tr>', endpoint('6'), null),
    ).toThrow('has no requestedDay');
  });
});

describe('İBB HTML: a changed layout is loud', () => {
  it('throws on a page without the table or with two', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseIbbHtml({
          bytes: bytes('<html><body>Hata oluştu</body></html>'),
          url: endpoint('6'),
          requestedDay: '2024-03-14',
        }),
      ).message,
    ).toBe('istanbul-ibb-html: 0 tables with class tableClass, expected 1');
    expect(() => parseIbbHtml({ bytes: bytes(''), url: endpoint('6'), requestedDay: '2024-03-14' })).toThrow(
      LayoutError,
    );
    const two = `${HEAD}</table>${HEAD}</table>`;
    expect(() => parseIbbHtml({ bytes: bytes(two), url: endpoint('6'), requestedDay: '2024-03-14' })).toThrow(
      '2 tables with class tableClass',
    );
  });

  it('throws on another header (a new column, or `Ürün Adı`)', () => {
    const other =
      '<table class="tableClass"><tr><th>Ürün Adı</th><th>Birim</th><th>En Düşük Fiyat</th><th>En Yüksek Fiyat</th></tr></table>';
    expect(() => parseIbbHtml({ bytes: bytes(other), url: endpoint('6'), requestedDay: '2024-03-14' })).toThrow(
      LayoutError,
    );
    const avg =
      '<table class="tableClass"><tr><th>Urun Adı</th><th>Birim</th><th>En Düşük Fiyat</th><th>En Yüksek Fiyat</th><th>Ortalama</th></tr></table>';
    expect(() => parseIbbHtml({ bytes: bytes(avg), url: endpoint('6'), requestedDay: '2024-03-14' })).toThrow(/header/);
  });

  it('throws on a row with another number of cells, a price that is not one, or no name', () => {
    expect(
      expectLayoutError(PARSER, () => fragment('<tr><td>Domates</td><td>Kilogram</td><td>4,00 TL</td></tr>')).message,
    ).toBe('istanbul-ibb-html: table.tableClass tr[2]: 3 cells ["Domates","Kilogram","4,00 TL"]');
    expect(() => fragment('<tr><td>Domates</td><td>Kilogram</td><td>dört lira</td><td>5,00</td></tr>')).toThrow(
      /tr\[2\]: not a price/,
    );
    expect(() => fragment('<tr><td> </td><td>Kilogram</td><td>4,00</td><td>5,00</td></tr>')).toThrow(LayoutError);
  });

  it('throws on a kategori it does not know', () => {
    expect(() =>
      fragment('<tr><td>Domates</td><td>Kilogram</td><td>4,00</td><td>5,00</td></tr>', endpoint('1')),
    ).toThrow('unknown kategori "1"');
  });
});
