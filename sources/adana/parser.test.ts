/** The Adana parser on constructed pages (tests/fixtures/adana/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError } from '../types.ts';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { parseAdanaHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/adana/${name}`, import.meta.url), 'utf8');
const DETAIL = fixture('hal-detay-4812.html');
const doc = (html: string) =>
  fetchedDocument('https://www.adana.bel.tr/tr/hal-detay/4812', html, {
    fetchedAt: null,
    contentType: 'text/html; charset=utf-8',
  });

describe('Adana bulletin', () => {
  it('takes the data day from the heading "Günlük Raiç … DD/MM/YYYY"', () => {
    const parsed = parseAdanaHtml(doc(DETAIL));
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(12);
    expect(new Set(parsed.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-14']));
  });

  it('reads the first table as vegetables and the others as fruit', () => {
    expect(parseAdanaHtml(doc(DETAIL)).rows.map((r) => r.group)).toEqual([
      ...Array(6).fill('SEBZE'),
      ...Array(6).fill('MEYVE'),
    ]);
  });

  it('reads rows as printed with a decimal point, skipping captions and header rows', () => {
    const rows = parseAdanaHtml(doc(DETAIL)).rows;
    expect(rows[0]).toEqual(ROWS.DOMATES);
    expect(rows[4]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 5, max: 7.5 });
    expect(rows[6]).toMatchObject({ name: 'PORTAKAL', min: 18, max: 28, location: 'table[1] tr[2]' });
    expect(rows[10]).toMatchObject({ name: 'KARPUZ', min: 6.5, max: 10, location: 'table[2] tr[1]' });
  });

  it('returns a `0` / `0` row with null prices, and keeps a single 0 as printed', () => {
    const rows = parseAdanaHtml(doc(DETAIL)).rows;
    expect(rows[3]).toMatchObject({ name: 'BAMYA', min: null, max: null, printed: 'BAMYA | KG | 0 | 0' });
    expect(rows[11]).toMatchObject({ name: 'MUZ', min: 1250, max: 0 });
  });

  it('throws a LayoutError on a changed page', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseAdanaHtml(doc(DETAIL.replace('Günlük Raiç Fiyat Listesi 14/09/2026', 'Günlük Fiyatlar'))),
      ).message,
    ).toBe('adana-html: no heading "Günlük Raiç … DD/MM/YYYY"');
    expect(() => parseAdanaHtml(doc(DETAIL.replace('<td>20.00</td>', '<td>20.00</td><td>26.25</td>')))).toThrow(
      'adana-html: table[0] tr[2]: 5 cells, expected 4',
    );
    expect(() => parseAdanaHtml(doc(DETAIL.replace(/<table[\s\S]*<\/table>/, '<p>Liste hazırlanıyor</p>')))).toThrow(
      'adana-html: no price table',
    );
    expect(() => parseAdanaHtml(doc(DETAIL.replace('14/09/2026', '31/09/2026')))).toThrow(LayoutError);
  });
});
