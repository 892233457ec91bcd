/** The Kocaeli parser on constructed pages (tests/fixtures/kocaeli/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { KOCAELI_URL, parseKocaeliHtml, PARSER } from './parser.ts';
import ROWS from './parser.rows.json' with { type: 'json' };

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/kocaeli/${name}`, import.meta.url), 'utf8');
const MERKEZ = fixture('merkez-2026-09-14.html');
const GEBZE = fixture('gebze-2026-09-14.html');
const NO_LIST = fixture('gebze-2026-09-13-no-list.html');
const doc = (html: string, requestedDay = '2026-09-14') =>
  fetchedDocument(KOCAELI_URL, html, { fetchedAt: null, requestedDay });

describe('Kocaeli pages', () => {
  it('reads the Merkez list: 8 rows of the posted day', () => {
    const parsed = parseKocaeliHtml(doc(MERKEZ), 'kocaeli-merkez');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(8);
    expect(parsed.rows[0]).toEqual(ROWS.DOMATES);
    expect(parsed.rows[4]).toMatchObject({ name: 'DEREOTU', unit: 'BAĞ', min: 7.5, max: 10 });
    expect(parsed.rows[7]).toMatchObject({ name: 'MUZ İTHAL', group: 'MEYVE', min: 70, max: 85 });
  });

  it('reads the Gebze list under its own market', () => {
    const rows = parseKocaeliHtml(doc(GEBZE), 'kocaeli-gebze').rows;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ market: 'kocaeli-gebze', name: 'DOMATES', min: 25, max: 38 });
    expect(rows[3]).toMatchObject({ name: 'KAVUN', group: 'MEYVE', min: 15, max: 22, location: 'table[0] tr[4]' });
  });

  it('reads "henüz bir veri yayınlanmamıştır" as no list, also as a row of an empty table', () => {
    expect(parseKocaeliHtml(doc(NO_LIST, '2026-09-13'), 'kocaeli-gebze')).toEqual({ rows: [], bulletinDays: [] });
    const inTable = GEBZE.replace(
      /<tbody>[\s\S]*<\/tbody>/,
      '<tbody><tr><td colspan="5">Henüz bir veri yayınlanmamıştır.</td></tr></tbody>',
    );
    expect(parseKocaeliHtml(doc(inTable), 'kocaeli-gebze')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseKocaeliHtml(doc(MERKEZ.replace('<th>En çok</th>', '<th>En Yüksek</th>')), 'kocaeli-merkez'),
      ).message,
    ).toBe('kocaeli-html: no table with the header Ürün Adı · Kategori · Birim · En az · En çok');
    expect(() => parseKocaeliHtml(doc('<html><body><p>Sayfa bulunamadı</p></body></html>'), 'kocaeli-merkez')).toThrow(
      'no table with the header',
    );
    expect(() =>
      parseKocaeliHtml(doc(MERKEZ.replace('<td>22,00</td>', '<td>yirmi iki</td>')), 'kocaeli-merkez'),
    ).toThrow('kocaeli-html: table[0] tr[1]: not a price');
  });
});
