/**
 * The Bursa live parser (API JSON) on a fixture constructed from the real values of 2026-08-22
 * (tests/fixtures/bursa/README.md). The scraper's JSON copy of that day, read by its
 * own parser, is the independent reference; the second Limon row (Sandık 135 / 3960) is line
 * 17106 of the commit history.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { SourceDocument } from '../types.ts';
import { parseBursaApi, PARSER as API } from './live-api.ts';
import { parseBursaScraperJson } from './scraper-json.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bursa/${name}`, import.meta.url));
const doc = (bytes: Uint8Array, requestedDay: string | null = '2026-08-22'): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: '',
  bytes,
  requestedDay,
});
const text = (s: string) => new TextEncoder().encode(s);
const REFERENCE = parseBursaScraperJson(
  doc(readFileSync(new URL('../../data/sources/bursa/onceki_fiyatlar_2026-08-22T172348Z.json', import.meta.url))),
).rows;
const SANDIK = ['2026-08-22', 'bursa-sebze-meyve', 'Limon', 'Sandık', 135, 3960];
const API_DOC = parseBursaApi(doc(fixture('api-2026-08-22.json')));

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
    expect(API_DOC.rows.find((r) => r.name === 'Acur')).toMatchObject({
      unit: '(kg)',
      min: 3.5,
      max: 35,
      avg: null,
      group: null,
    });
    expect(
      parseBursaApi(doc(text('[{"urun_ad":"Nar","min":40,"max":"Fiyat Bekleniyor","br":"Kg."}]'))).rows[0],
    ).toMatchObject({ min: 40, max: null });
  });

  it('reads an empty body or an empty list as no list', () => {
    expect(parseBursaApi(doc(text('')))).toEqual({ rows: [], bulletinDays: [] });
    expect(parseBursaApi(doc(text('[]'), null))).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws on an answer that is not the list we know', () => {
    expect(expectLayoutError(API, () => parseBursaApi(doc(text('<html>Bakım</html>')))).message).toBe(
      'bursa-api: body is not JSON',
    );
    expect(() => parseBursaApi(doc(text('{"data":[]}')))).toThrow('bursa-api: not a list');
    expect(() => parseBursaApi(doc(text('[{"urunAdi":"Nar","min":"1,00","max":"2,00","br":"Kg."}]')))).toThrow(
      '[0] lacks urun_ad or br',
    );
    expect(() => parseBursaApi(doc(text('[{"urun_ad":"Nar","min":"bir","max":"2,00","br":"Kg."}]')))).toThrow(
      '[0]: price "bir"',
    );
    expect(() => parseBursaApi(doc(fixture('api-2026-08-22.json'), null))).toThrow('no requestedDay');
  });
});
