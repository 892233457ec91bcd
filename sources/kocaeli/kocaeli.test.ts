/** Kocaeli on constructed pages (tests/fixtures/kocaeli/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../lib/http.ts';
import { fakeHttp, fetchedDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { adapter } from './index.ts';
import { KOCAELI_URL, parseKocaeliHtml, PARSER } from './parser.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/kocaeli/${name}`, import.meta.url), 'utf8');
const MERKEZ = fixture('merkez-2026-09-14.html');
const GEBZE = fixture('gebze-2026-09-14.html');
const NO_LIST = fixture('gebze-2026-09-13-no-list.html');
const doc = (html: string, requestedDay = '2026-09-14') => fetchedDocument(KOCAELI_URL, html, { fetchedAt: null, requestedDay });

const SERVED = { fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Kocaeli pages', () => {
  it('reads the Merkez list: 8 rows of the posted day', () => {
    const parsed = parseKocaeliHtml(doc(MERKEZ), 'kocaeli-merkez');
    expect(parsed.bulletinDays).toEqual(['2026-09-14']);
    expect(parsed.rows).toHaveLength(8);
    expect(parsed.rows[0]).toEqual({
      dataDay: '2026-09-14',
      market: 'kocaeli-merkez',
      name: 'DOMATES',
      unit: 'KG',
      group: 'SEBZE',
      min: 22,
      max: 35,
      avg: null,
      printed: 'DOMATES | SEBZE | KG | 22,00 | 35,00',
      location: 'table[0] tr[1]',
    });
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
    const inTable = GEBZE.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody><tr><td colspan="5">Henüz bir veri yayınlanmamıştır.</td></tr></tbody>');
    expect(parseKocaeliHtml(doc(inTable), 'kocaeli-gebze')).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(expectLayoutError(PARSER, () => parseKocaeliHtml(doc(MERKEZ.replace('<th>En çok</th>', '<th>En Yüksek</th>')), 'kocaeli-merkez')).message).toBe(
      'kocaeli-html: no table with the header Ürün Adı · Kategori · Birim · En az · En çok',
    );
    expect(() => parseKocaeliHtml(doc('<html><body><p>Sayfa bulunamadı</p></body></html>'), 'kocaeli-merkez')).toThrow('no table with the header');
    expect(() => parseKocaeliHtml(doc(MERKEZ.replace('<td>22,00</td>', '<td>yirmi iki</td>')), 'kocaeli-merkez')).toThrow('kocaeli-html: table[0] tr[1]: not a price');
  });
});

describe('Kocaeli collect', () => {
  it('POSTs date and hal for Merkez then Gebze and binds each page to its market', async () => {
    const { http, calls } = fakeHttp((_, req) => (req.form?.hal === '1' ? MERKEZ : GEBZE), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls).toEqual([
      { url: 'https://www.kocaeli.bel.tr/hal-fiyatlari/', req: { method: 'POST', form: { date: '2026-09-14', hal: '1' }, headers: { accept: 'text/html', referer: KOCAELI_URL } } },
      { url: 'https://www.kocaeli.bel.tr/hal-fiyatlari/', req: { method: 'POST', form: { date: '2026-09-14', hal: '2' }, headers: { accept: 'text/html', referer: KOCAELI_URL } } },
    ]);
    const markets = collected.map((item) => ('document' in item ? [...new Set(item.parser.parse(item.document).rows.map((r) => r.market))] : item.none));
    expect(markets).toEqual([['kocaeli-merkez'], ['kocaeli-gebze']]);
  });

  it('returns none for a hall without a list', async () => {
    const { http } = fakeHttp((_, req) => (req.form?.hal === '1' ? MERKEZ : NO_LIST), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-13', http, log: () => {} });
    expect('document' in collected[0]!).toBe(true);
    expect(collected[1]).toEqual({ none: 'kocaeli-gebze: henüz bir veri yayınlanmamıştır (2026-09-13)' });
  });

  it('lets a network error propagate (the site was unreachable 2026-05 … 2026-09)', async () => {
    const { http } = fakeHttp((url) => {
      throw new NetworkError(url, 'ConnectTimeoutError');
    }, SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toBeInstanceOf(NetworkError);
  });

  it('declares two markets', () => {
    expect(adapter.definition).toMatchObject({ key: 'kocaeli', number: 13, verification: 'unverified', enabled: true });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['kocaeli-merkez', 'kocaeli-gebze']);
    expect(adapter.definition.note).toContain('Built from the published description; no real document has proven the parser yet.');
  });
});
