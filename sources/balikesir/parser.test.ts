/** The Balıkesir parser on constructed pages (tests/fixtures/balikesir/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { BALIKESIR_LIST, parseBalikesirHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/balikesir/${name}`, import.meta.url), 'utf8');
const LIST = fixture('Listele-2026-09-14.html');
const doc = (html: string, requestedDay: string | null = '2026-09-14') =>
  fetchedDocument(BALIKESIR_LIST, html, { fetchedAt: null, contentType: 'text/html; charset=utf-8', requestedDay });

describe('Balıkesir list', () => {
  it('returns one row per printed row, the hall in the group', () => {
    const parsed = parseBalikesirHtml(doc(LIST));
    expect(parsed.rows).toHaveLength(8);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
    // Three halls quote DOMATES on one day: three rows, not merged (normalisation merges).
    expect(parsed.rows.filter((r) => r.name === 'DOMATES').map((r) => [r.group, r.min, r.max])).toEqual([
      ['BALIKESİR MERKEZ HALİ', 20, 32],
      ['BANDIRMA HALİ', 22, 35],
      ['EDREMİT HALİ', 18, 30],
    ]);
    expect(parsed.rows[7]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 5, max: 7.5 });
  });

  it('takes the data day from BaşTarih = BitTarih, with or without a time', () => {
    const rows = parseBalikesirHtml(doc(LIST)).rows;
    expect(rows[5]).toMatchObject({ name: 'ZEYTİN/YEŞİL', dataDay: '2026-09-14', min: 90, max: 140 });
    expect(rows[6]).toMatchObject({ name: 'ELMA/STARKİNG', dataDay: '2026-09-13' });
    expect(parseBalikesirHtml(doc(LIST)).bulletinDays).toEqual(['2026-09-13', '2026-09-14']);
  });

  it('reads a period that holds the requested day as that day, and throws on one that does not', () => {
    expect(parseBalikesirHtml(doc(LIST)).rows[4]).toMatchObject({
      name: 'PATATES',
      dataDay: '2026-09-14',
      min: 14,
      max: 19,
    });
    expect(parseBalikesirHtml(doc(LIST, '2026-09-10')).rows[4]!.dataDay).toBe('2026-09-10');
    expect(expectLayoutError(PARSER, () => parseBalikesirHtml(doc(LIST, '2026-09-15'))).message).toBe(
      'balikesir-html: table[0] tr[5]: period 2026-09-08 … 2026-09-14 does not give one data day (requested 2026-09-15)',
    );
    expect(() => parseBalikesirHtml(doc(LIST, null))).toThrow('requested none');
    expect(() =>
      parseBalikesirHtml(
        doc(LIST.replace('<td>08.09.2026</td><td>14.09.2026</td>', '<td>14.09.2026</td><td>08.09.2026</td>')),
      ),
    ).toThrow('period 2026-09-14 … 2026-09-08');
  });

  it('reads an empty table as no list', () => {
    expect(parseBalikesirHtml(doc(LIST.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () => parseBalikesirHtml(doc(LIST.replace('<th>BitTarih</th>', '<th>Ortalama</th>'))))
        .message,
    ).toBe(
      'balikesir-html: no table with the header Ürün/Tür · Birimi · Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih',
    );
    expect(() => parseBalikesirHtml(doc(LIST.replace('<td>14.09.2026</td>', '<td>14 Eylül</td>')))).toThrow(
      'table[0] tr[1]: not a date',
    );
  });
});
