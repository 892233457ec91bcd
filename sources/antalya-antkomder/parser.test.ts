/**
 * The Antalya Komisyoncular Derneği parser on constructed pages
 * (tests/fixtures/antalya-antkomder/README.md): not real documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { antkomderUrl, parseAntkomderHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/antalya-antkomder/${name}`, import.meta.url), 'utf8');
const SERIK = fixture('serik-2026-09-14.html');
const MERKEZ = fixture('merkez-2026-09-14-placeholders.html');
const doc = (html: string) =>
  fetchedDocument(antkomderUrl(3, '2026-09-14'), html, { fetchedAt: null, requestedDay: '2026-09-14' });

describe('Antalya association page', () => {
  it('reads the "(Bugün)" column: 9 rows of the day in its header', () => {
    const parsed = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(9);
    expect(new Set(parsed.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-14']));
  });

  it('reads the one price of the day as the average, `80.00 ₺` with a decimal point', () => {
    const rows = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik').rows;
    expect(rows[0]).toEqual(ROWS.Domates);
    expect(rows[7]).toMatchObject({ name: 'Fasulye', avg: 80 });
    expect(rows[5]).toMatchObject({ name: 'Patlıcan', avg: 16.5 });
    expect(rows[8]).toMatchObject({ name: 'Cherry Domates', avg: 1250, location: 'table[0] tr[9]' });
  });

  it('reads `₺ Fiyat Bekleniyor` and `Mevcut Değil` as no quote', () => {
    const rows = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik').rows;
    expect(rows[4]).toMatchObject({
      name: 'Hıyar',
      min: null,
      max: null,
      avg: null,
      printed: '5 | Hıyar | ₺ Fiyat Bekleniyor | 18.00 ₺',
    });
    expect(rows[6]).toMatchObject({ name: 'Kabak', avg: null });
  });

  it('reads a page of placeholders only (Merkez since 2026-06) as no list', () => {
    expect(parseAntkomderHtml(doc(MERKEZ), 'antalya-antkomder-merkez')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('reads a past day whose header has no "(Bugün)"', () => {
    const past = SERIK.replace('14-09-2026 (Bugün)', '10-09-2026').replace(
      '<th>13-09-2026</th>',
      '<th>09-09-2026</th>',
    );
    expect(parseAntkomderHtml(doc(past), 'antalya-antkomder-serik').bulletinDays).toEqual(['2026-09-10']);
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseAntkomderHtml(doc(SERIK.replace('<th>Ürünler</th>', '<th>Ürün</th>')), 'antalya-antkomder-serik'),
      ).message,
    ).toBe('antalya-antkomder-html: no table with the header # · Ürünler · DD-MM-YYYY (Bugün) · DD-MM-YYYY');
    expect(() =>
      parseAntkomderHtml(doc(SERIK.replace('<th>13-09-2026</th>', '<th>Dün</th>')), 'antalya-antkomder-serik'),
    ).toThrow('no table with the header');
    expect(() =>
      parseAntkomderHtml(doc(SERIK.replace('<td>22.50 ₺</td>', '<td>22.50 ₺ / kg</td>')), 'antalya-antkomder-serik'),
    ).toThrow('antalya-antkomder-html: table[0] tr[1]: not a price');
    expect(() =>
      parseAntkomderHtml(
        doc(SERIK.replace('<td>22.50 ₺</td>', '<td>Kg</td><td>22.50 ₺</td>')),
        'antalya-antkomder-serik',
      ),
    ).toThrow('table[0] tr[1]: 5 cells, expected 4');
  });
});
