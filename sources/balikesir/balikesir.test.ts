/** Balıkesir on constructed pages (tests/fixtures/balikesir/README.md): not real documents. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError } from '../types.ts';
import { fakeHttp, fetchedDocument, firstDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { adapter } from './index.ts';
import { BALIKESIR_LIST, parseBalikesirHtml, PARSER, verificationToken } from './parser.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/balikesir/${name}`, import.meta.url), 'utf8');
const SEARCH = fixture('SebzeMeyveHal.html');
const LIST = fixture('Listele-2026-09-14.html');
const doc = (html: string, requestedDay: string | null = '2026-09-14') =>
  fetchedDocument(BALIKESIR_LIST, html, { fetchedAt: null, contentType: 'text/html; charset=utf-8', requestedDay });

const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Balıkesir list', () => {
  it('returns one row per printed row, the hall in the group', () => {
    const parsed = parseBalikesirHtml(doc(LIST));
    expect(parsed.rows).toHaveLength(8);
    expect(parsed.rows[0]).toEqual({
      dataDay: '2026-09-14',
      market: 'balikesir-merkez',
      name: 'DOMATES',
      unit: 'KG',
      group: 'BALIKESİR MERKEZ HALİ',
      min: 20,
      max: 32,
      avg: null,
      printed: 'DOMATES | KG | BALIKESİR MERKEZ HALİ | 20,00 | 32,00 | 14.09.2026 | 14.09.2026',
      location: 'table[0] tr[1]',
    });
    // Three halls quote DOMATES on one day: three rows, not merged (normalisation merges).
    expect(parsed.rows.filter((r) => r.name === 'DOMATES').map((r) => [r.group, r.min, r.max])).toEqual([
      ['BALIKESİR MERKEZ HALİ', 20, 32],
      ['BANDIRMA HALİ', 22, 35],
      ['EDREMİT HALİ', 18, 30],
    ]);
    expect(parsed.rows[7]).toMatchObject({ name: 'MAYDANOZ', unit: 'BAĞ', min: 5, max: 7.5 });
  });

  it('takes the data day from BaşTarih = BitTarih, with or without a time', () => {
    const rows = parseBalikesirHtml(doc(LIST)).rows;
    expect(rows[5]).toMatchObject({ name: 'ZEYTİN/YEŞİL', dataDay: '2026-09-14', min: 90, max: 140 });
    expect(rows[6]).toMatchObject({ name: 'ELMA/STARKİNG', dataDay: '2026-09-13' });
    expect(parseBalikesirHtml(doc(LIST)).bulletinDays).toEqual(['2026-09-13', '2026-09-14']);
  });

  it('reads a period that holds the requested day as that day, and throws on one that does not', () => {
    expect(parseBalikesirHtml(doc(LIST)).rows[4]).toMatchObject({ name: 'PATATES', dataDay: '2026-09-14', min: 14, max: 19 });
    expect(parseBalikesirHtml(doc(LIST, '2026-09-10')).rows[4]!.dataDay).toBe('2026-09-10');
    expect(expectLayoutError(PARSER, () => parseBalikesirHtml(doc(LIST, '2026-09-15'))).message).toBe(
      'balikesir-html: table[0] tr[5]: period 2026-09-08 … 2026-09-14 does not give one data day (requested 2026-09-15)',
    );
    expect(() => parseBalikesirHtml(doc(LIST, null))).toThrow('requested none');
    expect(() => parseBalikesirHtml(doc(LIST.replace('<td>08.09.2026</td><td>14.09.2026</td>', '<td>14.09.2026</td><td>08.09.2026</td>')))).toThrow(
      'period 2026-09-14 … 2026-09-08',
    );
  });

  it('reads an empty table as no list', () => {
    expect(parseBalikesirHtml(doc(LIST.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws a LayoutError on a changed table', () => {
    expect(expectLayoutError(PARSER, () => parseBalikesirHtml(doc(LIST.replace('<th>BitTarih</th>', '<th>Ortalama</th>')))).message).toBe(
      'balikesir-html: no table with the header Ürün/Tür · Birimi · Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih',
    );
    expect(() => parseBalikesirHtml(doc(LIST.replace('<td>14.09.2026</td>', '<td>14 Eylül</td>')))).toThrow('table[0] tr[1]: not a date');
  });
});

describe('Balıkesir collect', () => {
  it('GETs the search page, then POSTs the day with its token', async () => {
    const { http, calls } = fakeHttp((url) => (url === BALIKESIR_LIST ? LIST : SEARCH), SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      { url: 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal', req: { method: 'GET', headers: { accept: 'text/html' } } },
      {
        url: 'https://halvepazarfiyatlari.balikesir.bel.tr/Home/Listele',
        req: {
          method: 'POST',
          form: { BasT: '14.09.2026', BitT: '14.09.2026', UrunAd: '', HalAd: '', TurAd: '1', __RequestVerificationToken: 'CfDJ8Nq3kLm0-constructed-token-7Yw2' },
          headers: { referer: 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal', 'x-requested-with': 'XMLHttpRequest', accept: 'text/html, */*; q=0.01' },
        },
      },
    ]);
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(8);
  });

  it('throws a LayoutError when the search page has no token', async () => {
    const { http, calls } = fakeHttp(() => SEARCH.replace(/<input name="__RequestVerificationToken"[^>]*>/, ''), SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toBeInstanceOf(LayoutError);
    expect(calls).toHaveLength(1);
    expect(verificationToken(SEARCH)).toBe('CfDJ8Nq3kLm0-constructed-token-7Yw2');
  });

  it('returns none for an empty answer', async () => {
    const { http } = fakeHttp((url) => (url === BALIKESIR_LIST ? LIST.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>') : SEARCH), SERVED);
    expect(await adapter.collect!({ day: '2026-09-14', http, log: () => {} })).toEqual([{ none: 'balikesir: no rows for 2026-09-14' }]);
  });

  it('declares one market and says why', () => {
    expect(adapter.definition).toMatchObject({ key: 'balikesir', number: 15, verification: 'unverified' });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['balikesir-merkez']);
    expect(adapter.definition.note).toContain('Built from the published description; no real document has proven the parser yet.');
  });
});
