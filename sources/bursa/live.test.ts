/**
 * The Bursa live parsers (API JSON and HTML page) on fixtures constructed from the real values of
 * 2026-08-22 (tests/fixtures/bursa/README.md). The scraper's JSON copy of that day, read by its
 * own parser, is the independent reference; the second Limon row (Sandık 135 / 3960) is line
 * 17106 of the commit history.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { SourceDocument } from '../types.ts';
import { parseBursaApi, PARSER as API } from './live-api.ts';
import { parseBursaHtml, PARSER as HTML, readPrice } from './live-html.ts';
import { parseBursaScraperJson } from './scraper-json.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bursa/${name}`, import.meta.url));
const doc = (bytes: Uint8Array, requestedDay: string | null = '2026-08-22'): SourceDocument => ({ url: 'x', fetchedAt: null, contentType: '', bytes, requestedDay });
const text = (s: string) => new TextEncoder().encode(s);
const REFERENCE = parseBursaScraperJson(doc(readFileSync(new URL('../../data/sources/bursa/onceki_fiyatlar_2026-08-22T172348Z.json', import.meta.url)))).rows;
const SANDIK = ['2026-08-22', 'bursa-sebze-meyve', 'Limon', 'Sandık', 135, 3960];
const API_DOC = parseBursaApi(doc(fixture('api-2026-08-22.json')));
const HTML_DOC = parseBursaHtml(doc(fixture('page-2026-08-22.html')));

describe('Bursa API list', () => {
  it('has 153 rows on the requested day: the 152 of the scraper copy and Limon per Sandık before Limon per Kg.', () => {
    expect(API_DOC.bulletinDays).toEqual(['2026-08-22']);
    const values = API_DOC.rows.map((r) => [r.dataDay, r.market, r.name, r.unit, r.min, r.max]);
    const reference = REFERENCE.map((r) => [r.dataDay, r.market, r.name, r.unit, r.min, r.max]);
    reference.splice(4, 0, SANDIK);
    expect(values).toEqual(reference);
  });

  it('keeps the same product per Sandık and per Kg. as two rows', () => {
    expect(API_DOC.rows.filter((r) => r.name === 'Limon').map((r) => [r.unit, r.min, r.max, r.location])).toEqual([
      ['Sandık', 135, 3960, '[4]'],
      ['Kg.', 20, 100, '[5]'],
    ]);
  });

  it('reads comma-decimal strings (`"3,50"`, `"3.960,00"`) and keeps the item as evidence', () => {
    expect(API_DOC.rows[4]!.printed).toBe('{"urun_ad":"Limon","min":"135,00","max":"3.960,00","br":"Sandık"}');
    expect(API_DOC.rows.find((r) => r.name === 'Acur')).toMatchObject({ unit: '(kg)', min: 3.5, max: 35, avg: null, group: null });
    expect(parseBursaApi(doc(text('[{"urun_ad":"Nar","min":40,"max":"Fiyat Bekleniyor","br":"Kg."}]'))).rows[0]).toMatchObject({ min: 40, max: null });
  });

  it('reads an empty body or an empty list as no list', () => {
    expect(parseBursaApi(doc(text('')))).toEqual({ rows: [], bulletinDays: [] });
    expect(parseBursaApi(doc(text('[]'), null))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws on an answer that is not the list we know', () => {
    expect(expectLayoutError(API, () => parseBursaApi(doc(text('<html>Bakım</html>')))).message).toBe('bursa-api: body is not JSON');
    expect(() => parseBursaApi(doc(text('{"data":[]}')))).toThrow('bursa-api: not a list');
    expect(() => parseBursaApi(doc(text('[{"urunAdi":"Nar","min":"1,00","max":"2,00","br":"Kg."}]')))).toThrow('[0] lacks urun_ad or br');
    expect(() => parseBursaApi(doc(text('[{"urun_ad":"Nar","min":"bir","max":"2,00","br":"Kg."}]')))).toThrow('[0]: price "bir"');
    expect(() => parseBursaApi(doc(fixture('api-2026-08-22.json'), null))).toThrow('no requestedDay');
  });
});

describe('Bursa HTML page', () => {
  it('reads 9 tables, 153 rows, on the requested day', () => {
    expect(HTML_DOC.rows).toHaveLength(153);
    expect(HTML_DOC.bulletinDays).toEqual(['2026-08-22']);
    expect(new Set(HTML_DOC.rows.map((r) => r.location.split(' tr ')[0]))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => `table ${t}`)));
  });

  it('reads a range as min and max, and a single price as the printed price with no min or max', () => {
    expect(HTML_DOC.rows[1]).toEqual({
      dataDay: '2026-08-22',
      market: 'bursa-sebze-meyve',
      name: 'Portakal Valencia',
      unit: 'kg',
      group: null,
      min: 15,
      max: 50,
      avg: null,
      printed: 'Portakal Valencia | kg | 15,00 - 50,00 TL',
      location: 'table 1 tr 3',
    });
    expect(HTML_DOC.rows[0]).toMatchObject({ name: 'Döngel(muşmula)', unit: 'Kg.', min: null, max: null, avg: 25, printed: 'Döngel(muşmula) | Kg. | 25,00 TL', location: 'table 1 tr 2' });
    expect(HTML_DOC.rows.filter((r) => r.avg !== null)).toHaveLength(26);
  });

  it('prints the API values: a range is its min and max, a single price is min = max', () => {
    HTML_DOC.rows.forEach((r, i) => {
      const api = API_DOC.rows[i]!;
      expect([r.name, r.unit]).toEqual([api.name, api.unit]);
      if (r.avg === null) expect([r.min, r.max]).toEqual([api.min, api.max]);
      else expect([r.avg, r.avg]).toEqual([api.min, api.max]);
    });
  });

  it('keeps Limon per Sandık and per Kg. as two rows (table 1 tr 6 and tr 7)', () => {
    expect(HTML_DOC.rows.filter((r) => r.name === 'Limon').map((r) => [r.unit, r.min, r.max, r.location])).toEqual([
      ['Sandık', 135, 3960, 'table 1 tr 6'],
      ['Kg.', 20, 100, 'table 1 tr 7'],
    ]);
  });

  it('reads price texts', () => {
    expect(readPrice('100,00 - 400,00 TL', 'x')).toEqual({ min: 100, max: 400, avg: null });
    expect(readPrice('1.250,50 TL', 'x')).toEqual({ min: null, max: null, avg: 1250.5 });
    expect(readPrice('-', 'x')).toEqual({ min: null, max: null, avg: null });
  });

  it('skips tables that are not price tables and counts every table in locations', () => {
    const page = '<table><tr><td>Menü</td></tr></table><table><tr><th>Ürün</th><th>BR</th><th>FİYAT</th></tr><tr><td>Nar</td><td>Kg.</td><td>40,00 - 60,00 TL</td></tr></table>';
    expect(parseBursaHtml(doc(text(page))).rows).toEqual([expect.objectContaining({ name: 'Nar', min: 40, max: 60, location: 'table 2 tr 2' })]);
    expect(parseBursaHtml(doc(text('<table><tr><th>Ürün</th><th>BR</th><th>FİYAT</th></tr></table>'), null))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws on a page without a price table, a row of four cells or a price that is not one', () => {
    expect(expectLayoutError(HTML, () => parseBursaHtml(doc(text('<p>Sayfa bulunamadı</p>')))).message).toBe('bursa-html: no Ürün · BR · FİYAT table');
    const table = (row: string) => text(`<table><tr><th>Ürün</th><th>BR</th><th>FİYAT</th></tr>${row}</table>`);
    expect(() => parseBursaHtml(doc(table('<tr><td>Nar</td><td>Kg.</td><td>40,00</td><td>60,00</td></tr>')))).toThrow('table 1 tr 2 has 4 cells');
    expect(() => parseBursaHtml(doc(table('<tr><td>Nar</td><td>Kg.</td><td>kırk TL</td></tr>')))).toThrow('table 1 tr 2: price "kırk TL"');
  });
});
