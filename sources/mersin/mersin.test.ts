/** Mersin on constructed fragments (tests/fixtures/mersin/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { adapter } from './index.ts';
import { MERSIN_URL, parseMersinHtml, PARSER } from './parser.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/mersin/${name}`, import.meta.url), 'utf8');
const FRUIT = fixture('fruit-2026-09-14.html');
const VEGETABLES = fixture('vegetables-2026-09-14.html');
const doc = (html: string) => fetchedDocument(MERSIN_URL, html, { fetchedAt: null, requestedDay: '2026-09-14' });

const SERVED = { fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Mersin fragments', () => {
  it('reads the fruit answer with min, max and the reported average', () => {
    const parsed = parseMersinHtml(doc(FRUIT), 'MEYVE');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(6);
    expect(parsed.rows[0]).toEqual({
      dataDay: '2026-09-14',
      market: 'mersin-merkez',
      name: 'LİMON ENTERDONAT',
      unit: 'Kg',
      group: 'MEYVE',
      min: 18,
      max: 30,
      avg: 24.35,
      printed: 'MERKEZ | LİMON | ENTERDONAT | Geleneksel | Mersin | 18,00 | 30,00 | 24,35 | Kg',
      location: 'table[0] tr[1]',
    });
    expect(parsed.rows[3]).toMatchObject({ name: 'ÜZÜM ÇEKİRDEKSİZ', min: 40, max: 55, avg: 47.9 });
    expect(parsed.rows[4]).toMatchObject({ name: 'NAR', min: 25, max: 38, avg: 31.2 });
    expect(parsed.rows[5]).toMatchObject({ name: 'ANANAS', unit: 'Adet', min: 120, max: 160, avg: 138.4 });
  });

  it('reads the vegetable answer, kuruş without a separator kept as printed', () => {
    const rows = parseMersinHtml(doc(VEGETABLES), 'SEBZE').rows;
    expect(rows).toHaveLength(5);
    expect(rows[3]).toMatchObject({ name: 'MAYDANOZ', unit: 'Bağ', group: 'SEBZE', min: 6, max: 9, avg: 7.4 });
    expect(rows[4]).toMatchObject({ name: 'PATLICAN KEMER', min: 1500, max: 2500, avg: 1980, location: 'table[0] tr[5]' });
  });

  it('maps the columns by header, so a reordered table reads the same numbers', () => {
    const reordered = FRUIT.replace('<th>Min</th><th>Max</th><th>Ort</th>', '<th>Ort</th><th>Max</th><th>Min</th>');
    expect(parseMersinHtml(doc(reordered), 'MEYVE').rows[0]).toMatchObject({ min: 24.35, max: 30, avg: 18 });
  });

  it('reads an empty table as no list', () => {
    expect(parseMersinHtml(doc(FRUIT.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')), 'MEYVE')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(expectLayoutError(PARSER, () => parseMersinHtml(doc(FRUIT.replace('<th>Ort</th>', '<th>Ortalama</th>')), 'MEYVE')).message).toBe(
      'mersin-html: no table with the header Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim',
    );
    expect(() => parseMersinHtml(doc(FRUIT.replace('<th>Menşei</th>', '')), 'MEYVE')).toThrow('no table with the header');
    expect(() => parseMersinHtml(doc('{"error":"Unauthenticated."}'), 'MEYVE')).toThrow(expect.objectContaining({ parser: PARSER }));
  });
});

describe('Mersin collect', () => {
  it('POSTs published and product_category 3 then 4 with the XHR header', async () => {
    const { http, calls } = fakeHttp((_, req) => (req.form?.product_category === '3' ? FRUIT : VEGETABLES), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    const headers = { 'x-requested-with': 'XMLHttpRequest', referer: 'https://www.mersin.bel.tr/hal-fiyatlari', accept: 'text/html, */*; q=0.01' };
    expect(calls).toEqual([
      { url: 'https://www.mersin.bel.tr/hal-fiyatlari-day', req: { method: 'POST', form: { published: '2026-09-14', product_category: '3' }, headers } },
      { url: 'https://www.mersin.bel.tr/hal-fiyatlari-day', req: { method: 'POST', form: { published: '2026-09-14', product_category: '4' }, headers } },
    ]);
    const groups = collected.map((item) => ('document' in item ? item.parser.parse(item.document).rows.map((r) => r.group) : []));
    expect(groups).toEqual([Array(6).fill('MEYVE'), Array(5).fill('SEBZE')]);
  });

  it('lets the 403 of the data-centre block propagate (the scrape records the source as blocked)', async () => {
    const { http } = fakeHttp(() => 403, SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toMatchObject({ status: 403 });
  });

  it('stays enabled and unverified', () => {
    expect(adapter.definition).toMatchObject({ key: 'mersin', number: 12, enabled: true, verification: 'unverified', licence: null });
    expect(adapter.definition.note).toContain('Built from the published description; no real document has proven the parser yet.');
    expect(adapter.definition.note).toContain('403');
  });
});
