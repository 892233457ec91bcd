/**
 * The Bursa adapter: registry entry, archive documents, and the live collection against a fake
 * HTTP client answering with the constructed API fixture (no network).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { HttpStatusError } from '../lib/http.ts';
import { expectHall } from '../../tests/support/adapter-cases.ts';
import { adapter } from './index.ts';

const API = 'https://bapi.bursa.bel.tr/apigateway/acikveri/hal-fiyatlari';
const FIXTURE = readFileSync(new URL('../../tests/fixtures/bursa/api-2026-08-22.json', import.meta.url));

/** The API answers `body` (or fails with it as an HTTP status), fetched at `fetchedAt`. */
const api = (fetchedAt: string, body: Uint8Array | number = FIXTURE) =>
  fakeHttp(() => body, { fetchedAt, contentType: 'application/json; charset=utf-8' });

describe('Bursa collect', () => {
  it('GETs the API once and files the answer under the Istanbul day of the fetch', async () => {
    // 21:30 UTC on 2026-08-21 is 00:30 on 2026-08-22 in Istanbul.
    const { http, calls } = api('2026-08-21T21:30:00.000Z');
    const collected = await adapter.collect!({ day: '2026-08-22', http, log: () => {} });
    expect(calls).toEqual([{ url: API, req: { headers: { accept: 'application/json' } } }]);
    const item = onlyDocument(collected);
    expect(item.parser.id).toBe('bursa-api');
    expect(item.document).toMatchObject({
      url: API,
      fetchedAt: '2026-08-21T21:30:00.000Z',
      requestedDay: '2026-08-22',
    });
    const parsed = item.parser.parse(item.document);
    expect(parsed.bulletinDays).toEqual(['2026-08-22']);
    expect(parsed.rows).toHaveLength(153);
  });

  it('answers `none` for any other day: the API serves today only', async () => {
    const { http } = api('2026-08-22T09:00:00.000Z');
    expect(await adapter.collect!({ day: '2026-08-21', http, log: () => {} })).toEqual([
      { none: 'Bursa serves today only (asked for 2026-08-21, fetched on 2026-08-22)' },
    ]);
    const late = api('2026-08-21T20:59:59.000Z'); // 23:59:59 in Istanbul: still the 21st
    expect(await adapter.collect!({ day: '2026-08-22', http: late.http, log: () => {} })).toEqual([
      { none: 'Bursa serves today only (asked for 2026-08-22, fetched on 2026-08-21)' },
    ]);
  });

  it('answers `none` for an empty body and lets HTTP errors propagate', async () => {
    const empty = api('2026-08-22T09:00:00.000Z', new Uint8Array());
    expect(await adapter.collect!({ day: '2026-08-22', http: empty.http, log: () => {} })).toEqual([
      { none: 'Bursa: empty answer on 2026-08-22' },
    ]);
    const blocked = api('2026-08-22T09:00:00.000Z', 403);
    await expect(adapter.collect!({ day: '2026-08-22', http: blocked.http, log: () => {} })).rejects.toBeInstanceOf(
      HttpStatusError,
    );
  });
});

describe('Bursa registry entry and archive', () => {
  it('declares number 4, one market, no licence, Monday–Saturday', () => {
    const d = adapter.definition;
    expectHall(d, {
      key: 'bursa',
      number: 4,
      attribution: 'Kaynak: Bursa Büyükşehir Belediyesi Açık Veri',
      verification: 'verified',
    });
    expect(d.markets).toEqual([
      { slug: 'bursa-sebze-meyve', name: 'Bursa Hali', province: 'Bursa', district: null, kind: 'sebze-meyve' },
    ]);
  });

  it('lists the commit history before the later JSON copy, which carries its day', () => {
    const docs = adapter.archive!();
    expect(docs.map((d) => [d.storedPath, d.parser.id, d.fetchedAt, d.requestedDay])).toEqual([
      ['data/sources/bursa/bursa_history_from_git_commits.csv', 'bursa-git-history', null, null],
      ['data/sources/bursa/onceki_fiyatlar_2026-08-22T172348Z.json', 'bursa-scraper-json', null, '2026-08-22'],
    ]);
    expect(docs.map((d) => d.parser.parse(d)).map((p) => [p.rows.length, p.bulletinDays.length])).toEqual([
      [3952, 26],
      [152, 1],
    ]);
  });
});
