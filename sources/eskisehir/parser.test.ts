/** The Eskişehir parser on a constructed page (tests/fixtures/eskisehir/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { decodeNumericEntities, ESKISEHIR_URL, parseEskisehirHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const PAGE = readFileSync(
  new URL('../../tests/fixtures/eskisehir/hal-fiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const doc = (html: string, requestedDay: string | null = '2026-09-14') =>
  fetchedDocument(ESKISEHIR_URL, html, { fetchedAt: null, contentType: 'text/html', requestedDay });

describe('Eskişehir page', () => {
  it('finds the table by its entity-encoded header and reads 10 rows of the requested day', () => {
    expect(PAGE).toContain('<th>&#220;r&#252;n Ad&#305;</th>');
    const parsed = parseEskisehirHtml(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(10);
  });

  it('maps Max · Min · Avg by header and keeps the reported average', () => {
    expect(parseEskisehirHtml(doc(PAGE)).rows[0]).toEqual(ROWS['DOMATES SALKIM']);
  });

  it('decodes numeric entities, also those escaped twice', () => {
    const rows = parseEskisehirHtml(doc(PAGE)).rows;
    expect(rows[1]).toMatchObject({ name: 'DOMATES SERÇ', min: 25, max: 40, avg: 33.1 });
    expect(rows[2]).toMatchObject({ name: 'BİBER SİVRİ', min: 40, max: 60, avg: 52.4 });
    expect(rows[6]).toMatchObject({
      name: 'ÜZÜM ÇEKİRDEKSİZ',
      group: 'MEYVE',
      min: 60,
      max: 85,
      avg: 73.51,
      printed: 'ÜZÜM | ÇEKİRDEKSİZ | MEYVE | 85,00 | 60,00 | 73,51',
    });
    expect(decodeNumericEntities('&#220;Z&#xdc;M &amp; &#350;')).toBe('ÜZÜM &amp; Ş');
  });

  it('adds no variety for `-` or a repeated name, and reads thousands separators as printed', () => {
    const rows = parseEskisehirHtml(doc(PAGE)).rows;
    expect(rows[3]).toMatchObject({ name: 'SALATALIK', min: 22, max: 32, avg: 27.8 });
    expect(rows[4]).toMatchObject({ name: 'PATATES', min: 18, max: 24, avg: 21.35 });
    expect(rows[9]).toMatchObject({
      name: 'KAVUN KIRKAĞAÇ',
      min: 18,
      max: 1250,
      avg: 24.6,
      location: 'table[0] tr[10]',
    });
  });

  it('reads a table without rows as no list', () => {
    const empty = PAGE.replace(/<tr><td>[\s\S]*<\/tr>\n<\/table>/, '</table>');
    expect(parseEskisehirHtml(doc(empty))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () => parseEskisehirHtml(doc(PAGE.replace('<th>Avg</th>', '<th>Ortalama</th>'))))
        .message,
    ).toBe('eskisehir-html: no table with the header Ürün Adı · Cinsi · Tür · Max · Min · Avg');
    expect(() => parseEskisehirHtml(doc(PAGE.replace('<td>38,25</td>', '<td>38,25</td><td>KG</td>')))).toThrow(
      'eskisehir-html: table[0] tr[1]: 7 cells, expected 6',
    );
    expect(() => parseEskisehirHtml(doc(PAGE.replace('<td>38,25</td>', '<td>otuz sekiz</td>')))).toThrow(
      'table[0] tr[1]: not a price',
    );
  });
});
