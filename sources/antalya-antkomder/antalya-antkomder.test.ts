/** Antalya Komisyoncular Derneği on constructed pages (tests/fixtures/antalya-antkomder/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { adapter } from './index.ts';
import { antkomderUrl, parseAntkomderHtml, PARSER } from './parser.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/antalya-antkomder/${name}`, import.meta.url), 'utf8');
const SERIK = fixture('serik-2026-09-14.html');
const MERKEZ = fixture('merkez-2026-09-14-placeholders.html');
const doc = (html: string) => fetchedDocument(antkomderUrl(3, '2026-09-14'), html, { fetchedAt: null, requestedDay: '2026-09-14' });

const SERVED = { fetchedAt: '2026-09-14T14:00:00.000Z' };

describe('Antalya association page', () => {
  it('reads the "(Bugün)" column: 9 rows of the day in its header', () => {
    const parsed = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(9);
    expect(new Set(parsed.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-09-14']));
  });

  it('reads the one price of the day as the average, `80.00 ₺` with a decimal point', () => {
    const rows = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik').rows;
    expect(rows[0]).toEqual({
      dataDay: '2026-09-14',
      market: 'antalya-antkomder-serik',
      name: 'Domates',
      unit: 'kg',
      group: null,
      min: null,
      max: null,
      avg: 22.5,
      printed: '1 | Domates | 22.50 ₺ | 21.00 ₺',
      location: 'table[0] tr[1]',
    });
    expect(rows[7]).toMatchObject({ name: 'Fasulye', avg: 80 });
    expect(rows[5]).toMatchObject({ name: 'Patlıcan', avg: 16.5 });
    expect(rows[8]).toMatchObject({ name: 'Cherry Domates', avg: 1250, location: 'table[0] tr[9]' });
  });

  it('reads `₺ Fiyat Bekleniyor` and `Mevcut Değil` as no quote', () => {
    const rows = parseAntkomderHtml(doc(SERIK), 'antalya-antkomder-serik').rows;
    expect(rows[4]).toMatchObject({ name: 'Hıyar', min: null, max: null, avg: null, printed: '5 | Hıyar | ₺ Fiyat Bekleniyor | 18.00 ₺' });
    expect(rows[6]).toMatchObject({ name: 'Kabak', avg: null });
  });

  it('reads a page of placeholders only (Merkez since 2026-06) as no list', () => {
    expect(parseAntkomderHtml(doc(MERKEZ), 'antalya-antkomder-merkez')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('reads a past day whose header has no "(Bugün)"', () => {
    const past = SERIK.replace('14-09-2026 (Bugün)', '10-09-2026').replace('<th>13-09-2026</th>', '<th>09-09-2026</th>');
    expect(parseAntkomderHtml(doc(past), 'antalya-antkomder-serik').bulletinDays).toEqual(['2026-09-10']);
  });

  it('throws a LayoutError on a changed table', () => {
    expect(expectLayoutError(PARSER, () => parseAntkomderHtml(doc(SERIK.replace('<th>Ürünler</th>', '<th>Ürün</th>')), 'antalya-antkomder-serik')).message).toBe(
      'antalya-antkomder-html: no table with the header # · Ürünler · DD-MM-YYYY (Bugün) · DD-MM-YYYY',
    );
    expect(() => parseAntkomderHtml(doc(SERIK.replace('<th>13-09-2026</th>', '<th>Dün</th>')), 'antalya-antkomder-serik')).toThrow('no table with the header');
    expect(() => parseAntkomderHtml(doc(SERIK.replace('<td>22.50 ₺</td>', '<td>22.50 ₺ / kg</td>')), 'antalya-antkomder-serik')).toThrow(
      'antalya-antkomder-html: table[0] tr[1]: not a price',
    );
    expect(() => parseAntkomderHtml(doc(SERIK.replace('<td>22.50 ₺</td>', '<td>Kg</td><td>22.50 ₺</td>')), 'antalya-antkomder-serik')).toThrow('table[0] tr[1]: 5 cells, expected 4');
  });
});

describe('Antalya association collect', () => {
  it('GETs Merkez (1), Serik (3) and Kumluca (4) for the day; placeholders give none', async () => {
    const { http, calls } = fakeHttp((url) => (url.includes('/hal-fiyatlari/1') ? MERKEZ : SERIK), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls).toEqual(
      [1, 3, 4].map((n) => ({ url: `https://antalyakomisyonculardernegi.com/hal-fiyatlari/${n}?daily=2026-09-14`, req: { method: 'GET', headers: { accept: 'text/html' } } })),
    );
    expect(collected[0]).toEqual({ none: 'antalya-antkomder-merkez: no prices for 2026-09-14 (placeholders only)' });
    const markets = collected.slice(1).map((item) => ('document' in item ? item.parser.parse(item.document).rows[0]!.market : null));
    expect(markets).toEqual(['antalya-antkomder-serik', 'antalya-antkomder-kumluca']);
  });

  it('declares an association (not an official source) with three markets', () => {
    expect(adapter.definition).toMatchObject({ key: 'antalya-antkomder', number: 7, kind: 'association', verification: 'unverified', enabled: true });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['antalya-antkomder-merkez', 'antalya-antkomder-serik', 'antalya-antkomder-kumluca']);
    expect(adapter.definition.note).toContain('Built from the published description; no real document has proven the parser yet.');
    expect(adapter.definition.note).toContain('Not an official source');
  });
});
