/** The Gaziantep parser on a constructed page (tests/fixtures/gaziantep/README.md): not a real document. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { gaziantepUrl, parseGaziantepHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const PAGE = readFileSync(new URL('../../tests/fixtures/gaziantep/hal-rayic-2026-09-14.html', import.meta.url), 'utf8');
const doc = (html: string) =>
  fetchedDocument(gaziantepUrl('2026-09-14'), html, { fetchedAt: null, requestedDay: '2026-09-14' });

describe('Gaziantep page', () => {
  it('takes each row’s data day from its own Tarih cell', () => {
    const parsed = parseGaziantepHtml(doc(PAGE));
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.bulletinDays).toEqual(['2026-09-13', '2026-09-14']);
    expect(parsed.rows.filter((r) => r.dataDay === '2026-09-13').map((r) => r.name)).toEqual(['Nar', 'Limon']);
  });

  it('maps Az. Fiyat (printed first) to max and As. Fiyat to min', () => {
    const rows = parseGaziantepHtml(doc(PAGE)).rows;
    expect(rows[0]).toEqual(ROWS.Domates);
    expect(rows[3]).toMatchObject({ name: 'Salatalık', min: 18.5, max: 30 });
    expect(rows[4]).toMatchObject({ name: 'Maydanoz', unit: 'Bağ', min: 8, max: 12 });
    expect(rows[8]).toMatchObject({ name: 'Limon', dataDay: '2026-09-13', min: 42, max: 55 });
    expect(rows[9]).toMatchObject({ name: 'Ananas', unit: 'Adet', min: 110, max: 150, location: 'table[0] tr[10]' });
  });

  it('reads a Tarih with a time or in ISO form', () => {
    const timed = PAGE.replace('<td>14.09.2026</td>', '<td>14.09.2026 00:00:00</td>').replace(
      '<td>13.09.2026</td>',
      '<td>2026-09-12</td>',
    );
    const rows = parseGaziantepHtml(doc(timed)).rows;
    expect(rows[0]!.dataDay).toBe('2026-09-14');
    expect(rows[7]!.dataDay).toBe('2026-09-12');
  });

  it('reads an empty table as no list', () => {
    expect(parseGaziantepHtml(doc(PAGE.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')))).toEqual({
      rows: [],
      bulletinDays: [],
    });
  });

  it('throws a LayoutError on a changed table or an unreadable date', () => {
    expect(expectLayoutError(PARSER, () => parseGaziantepHtml(doc(PAGE.replace('<th>Tarih</th>', '')))).message).toBe(
      'gaziantep-html: no table with the header Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih',
    );
    expect(() => parseGaziantepHtml(doc(PAGE.replace('<td>14.09.2026</td>', '<td>Bugün</td>')))).toThrow(
      'gaziantep-html: table[0] tr[1]: not a date "Bugün"',
    );
    expect(() => parseGaziantepHtml(doc(PAGE.replace('<td>14.09.2026</td>', '<td>31.09.2026</td>')))).toThrow(
      'not a date',
    );
  });
});
