/** The Kayseri parser on a constructed page (tests/fixtures/kayseri/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { KAYSERI_URL, parseKayseriHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const PAGE = readFileSync(
  new URL('../../tests/fixtures/kayseri/hal-fiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const doc = (html: string, requestedDay: string | null = '2026-09-14') =>
  fetchedDocument(KAYSERI_URL, html, { fetchedAt: null, contentType: 'text/html; charset=utf-8', requestedDay });

describe('Kayseri page', () => {
  it('reads 12 rows of the requested day', () => {
    const parsed = parseKayseriHtml(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(12);
    expect(new Set(parsed.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-14']));
  });

  it('maps En Yüksek (printed first) to max and En Düşük to min by header', () => {
    const [domates] = parseKayseriHtml(doc(PAGE)).rows;
    expect(domates).toEqual(ROWS.DOMATES);
  });

  it('maps by header whatever the order, so a page that swaps the columns reads the same numbers', () => {
    const swapped = PAGE.replace('<th>En Yüksek</th><th>En Düşük</th>', '<th>En Düşük</th><th>En Yüksek</th>');
    expect(parseKayseriHtml(doc(swapped)).rows[0]).toMatchObject({ name: 'DOMATES', min: 38, max: 25 });
  });

  it('reads units, decimal commas and the kuruş printed without a separator as printed', () => {
    const rows = parseKayseriHtml(doc(PAGE)).rows;
    expect(rows[6]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 7, max: 10 });
    expect(rows[7]).toMatchObject({ name: 'MARUL', unit: 'ADET', min: 15, max: 25 });
    expect(rows[10]).toMatchObject({ name: 'KARPUZ', min: 8, max: 12.5 });
    // 12000 stands for 120,00 TL; the parser keeps the printed number (normalisation judges it).
    expect(rows[11]).toMatchObject({ name: 'ÇİLEK', min: 9000, max: 12000, location: 'table[0] tr[12]' });
  });

  it('reads an empty table as no list', () => {
    const empty = PAGE.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>');
    expect(parseKayseriHtml(doc(empty))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () => parseKayseriHtml(doc(PAGE.replace('<th>Birimi</th>', '<th>Birim Fiyat</th>'))))
        .message,
    ).toBe('kayseri-html: no table with the header Cinsi · Birimi · En Yüksek · En Düşük');
    expect(() =>
      parseKayseriHtml(doc(PAGE.replace('<th>En Düşük</th>', '<th>En Düşük</th><th>Ortalama</th>'))),
    ).toThrow('no table with the header');
    expect(() => parseKayseriHtml(doc(PAGE.replace('<td>38 ₺</td>', '<td>Fiyat: otuz sekiz</td>')))).toThrow(
      'kayseri-html: table[0] tr[1]: not a price',
    );
    expect(() => parseKayseriHtml(doc(PAGE.replace('<td>KG</td><td>38 ₺</td>', '<td>38 ₺</td>')))).toThrow(
      'table[0] tr[1]: 3 cells, expected 4',
    );
  });

  it('needs the requested day, as the page prints no date', () => {
    expect(() => parseKayseriHtml(doc(PAGE, null))).toThrow(
      'kayseri-html: the page prints no date and no requested day was given',
    );
  });
});
