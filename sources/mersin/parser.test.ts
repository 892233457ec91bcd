/** The Mersin parser on constructed fragments (tests/fixtures/mersin/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { MERSIN_URL, parseMersinHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/mersin/${name}`, import.meta.url), 'utf8');
const FRUIT = fixture('fruit-2026-09-14.html');
const VEGETABLES = fixture('vegetables-2026-09-14.html');
const doc = (html: string) => fetchedDocument(MERSIN_URL, html, { fetchedAt: null, requestedDay: '2026-09-14' });

describe('Mersin fragments', () => {
  it('reads the fruit answer with min, max and the reported average', () => {
    const parsed = parseMersinHtml(doc(FRUIT), 'MEYVE');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(6);
    expect(parsed.rows[0]).toEqual(ROWS['LİMON ENTERDONAT']);
    expect(parsed.rows[3]).toMatchObject({ name: 'ÜZÜM ÇEKİRDEKSİZ', min: 40, max: 55, avg: 47.9 });
    expect(parsed.rows[4]).toMatchObject({ name: 'NAR', min: 25, max: 38, avg: 31.2 });
    expect(parsed.rows[5]).toMatchObject({ name: 'ANANAS', unit: 'Adet', min: 120, max: 160, avg: 138.4 });
  });

  it('reads the vegetable answer, kuruş without a separator kept as printed', () => {
    const rows = parseMersinHtml(doc(VEGETABLES), 'SEBZE').rows;
    expect(rows).toHaveLength(5);
    expect(rows[3]).toMatchObject({ name: 'MAYDANOZ', unit: 'Bağ', group: 'SEBZE', min: 6, max: 9, avg: 7.4 });
    expect(rows[4]).toMatchObject({
      name: 'PATLICAN KEMER',
      min: 1500,
      max: 2500,
      avg: 1980,
      location: 'table[0] tr[5]',
    });
  });

  it('maps the columns by header, so a reordered table reads the same numbers', () => {
    const reordered = FRUIT.replace('<th>Min</th><th>Max</th><th>Ort</th>', '<th>Ort</th><th>Max</th><th>Min</th>');
    expect(parseMersinHtml(doc(reordered), 'MEYVE').rows[0]).toMatchObject({ min: 24.35, max: 30, avg: 18 });
  });

  it('reads an empty table as no list', () => {
    expect(parseMersinHtml(doc(FRUIT.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')), 'MEYVE')).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () => parseMersinHtml(doc(FRUIT.replace('<th>Ort</th>', '<th>Ortalama</th>')), 'MEYVE'))
        .message,
    ).toBe('mersin-html: no table with the header Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim');
    expect(() => parseMersinHtml(doc(FRUIT.replace('<th>Menşei</th>', '')), 'MEYVE')).toThrow(
      'no table with the header',
    );
    expect(() => parseMersinHtml(doc('{"error":"Unauthenticated."}'), 'MEYVE')).toThrow(
      expect.objectContaining({ parser: PARSER }),
    );
  });
});
