/** The Denizli parser on a constructed page (tests/fixtures/denizli/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { DENIZLI_URL, parseDenizliHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const PAGE = readFileSync(
  new URL('../../tests/fixtures/denizli/halfiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const doc = (html: string) =>
  fetchedDocument(DENIZLI_URL, html, {
    fetchedAt: null,
    contentType: 'text/html; charset=utf-8',
    requestedDay: '2026-09-14',
  });

describe('Denizli page', () => {
  it('reads both tables: 9 rows of the requested day', () => {
    const parsed = parseDenizliHtml(doc(PAGE));
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(9);
    expect(parsed.rows.map((r) => r.location.split(' ')[0])).toEqual([
      ...Array(5).fill('table[0]'),
      ...Array(4).fill('table[1]'),
    ]);
  });

  it('reads Asgari · Orta · Ekstra as min · avg · max', () => {
    const rows = parseDenizliHtml(doc(PAGE)).rows;
    expect(rows[0]).toEqual(ROWS.Domates);
    expect(rows[2]).toMatchObject({ name: 'Patlıcan Kemer', min: 15, avg: 22.5, max: 30 });
    expect(rows[7]).toMatchObject({ name: 'İncir', min: 70, avg: 90, max: 110, location: 'table[1] tr[3]' });
  });

  it('reads a `-` placeholder as no price', () => {
    expect(parseDenizliHtml(doc(PAGE)).rows[8]).toMatchObject({ name: 'Armut Deveci', min: null, avg: 45, max: 55 });
  });

  it('reads tables without rows as no list', () => {
    const empty = PAGE.replace(/<tr><td>.*<\/tr>\n/g, '');
    expect(parseDenizliHtml(doc(empty))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    const changed = PAGE.replaceAll('<th>Orta</th>', '<th>Ortalama</th>');
    expect(expectLayoutError(PARSER, () => parseDenizliHtml(doc(changed))).message).toBe(
      'denizli-html: no table with the header Ürün Adı · Asgari · Orta · Ekstra',
    );
    expect(() => parseDenizliHtml(doc(PAGE.replace('<td>40,00 TL</td>', '<td>40,00 TL</td><td>Kg</td>')))).toThrow(
      'denizli-html: table[0] tr[1]: 5 cells, expected 4',
    );
  });
});
