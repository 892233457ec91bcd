/**
 * The Ankara adapter: registry entry, archive documents, the page head (real bytes) and the live
 * collection against a fake HTTP client that answers with the real head and the constructed
 * table fixtures (no network).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { LayoutError, type Collected } from '../types.ts';
import { HttpStatusError, type HttpRequest } from '../lib/http.ts';
import { expectHall } from '../../tests/support/adapter-cases.ts';
import { adapter, dottedDay } from './index.ts';
import { parseAnkaraPageHead, readCsrfToken } from './page-head.ts';

const HEAD = readFileSync(new URL('../../data/sources/ankara/response_truncated_head.html', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/ankara/${name}`, import.meta.url));
const TOKEN = 'NHVVU1U2WW9raGdlMC9idDNLMUR6QT09'; // line 5 of the real head: <meta name="csrf-token" content="…">
const PAGE = 'https://www.ankara.bel.tr/hal-fiyatlari';

const SERVED = { fetchedAt: '2026-02-18T10:00:00.000Z' };

const byType = (_: string, req: HttpRequest) =>
  req.method === 'POST' ? fixture(`${req.form!.type}-2026-02-18.html`) : HEAD;
const documents = (collected: Collected[]) => collected.map((c) => ('document' in c ? c : null)!);

describe('Ankara page head (real bytes)', () => {
  it('reads the csrf token and yields no rows and no bulletin day', () => {
    expect(readCsrfToken(HEAD)).toBe(TOKEN);
    expect(parseAnkaraPageHead(HEAD)).toEqual({ rows: [], bulletinDays: [] });
  });

  it('throws when the token is missing or empty', () => {
    const noToken = new TextEncoder().encode(HEAD.toString('utf8').replace(/<meta name="csrf-token"[^>]*>/, ''));
    expect(expectLayoutError('ankara-page-head', () => parseAnkaraPageHead(noToken)).message).toBe(
      'ankara-page-head: no <meta name="csrf-token"> in the page',
    );
    expect(() => readCsrfToken(new TextEncoder().encode('<meta name="csrf-token" content=" ">'))).toThrow(LayoutError);
  });
});

describe('Ankara collect', () => {
  it('GETs the page, then POSTs date and type with the token as _token and X-CSRF-TOKEN, Referer the page', async () => {
    const { http, calls } = fakeHttp(byType, SERVED);
    await adapter.collect!({ day: '2026-02-18', http, log: () => {} });
    expect(calls.map((c) => [c.req.method ?? 'GET', c.url])).toEqual([
      ['GET', PAGE],
      ['POST', PAGE],
      ['POST', PAGE],
      ['POST', PAGE],
      ['POST', PAGE],
    ]);
    expect(calls.slice(1).map((c) => c.req.form)).toEqual(
      ['vegetable', 'fruit', 'imported', 'fish'].map((type) => ({ _token: TOKEN, date: '18.02.2026', type })),
    );
    for (const { req } of calls.slice(1)) {
      expect(req.headers).toMatchObject({ 'X-CSRF-TOKEN': TOKEN, Referer: PAGE });
    }
  });

  it('returns one document per type with its parser; together they hold the stored day (88 + 50 rows)', async () => {
    const { http } = fakeHttp(byType, SERVED);
    const docs = documents(await adapter.collect!({ day: '2026-02-18', http, log: () => {} }));
    expect(docs.map((d) => d.document.url)).toEqual(
      ['vegetable', 'fruit', 'imported', 'fish'].map((t) => `${PAGE}#date=18.02.2026&type=${t}`),
    );
    expect(docs.every((d) => d.parser.id === 'ankara-html' && d.document.requestedDay === '2026-02-18')).toBe(true);
    const parsed = docs.map((d) => d.parser.parse(d.document));
    expect(parsed.map((p) => p.rows.length)).toEqual([49, 33, 6, 50]);
    expect(parsed.map((p) => p.rows[0]!.market)).toEqual([
      'ankara-sebze-meyve',
      'ankara-sebze-meyve',
      'ankara-sebze-meyve',
      'ankara-balik',
    ]);
  });

  it('reports a "Kayıtlı veri bulunamadı" answer as none, and returns an unreadable answer as a document', async () => {
    const { http } = fakeHttp((_, req) => {
      if (req.method !== 'POST') return HEAD;
      if (req.form!.type === 'fish') return new TextEncoder().encode('<h1>Attention Required! | Cloudflare</h1>');
      return req.form!.type === 'fruit' ? fixture('fruit-2026-02-18.html') : fixture('no-data.html');
    }, SERVED);
    const collected = await adapter.collect!({ day: '2026-02-22', http, log: () => {} });
    expect(collected.map((c) => ('none' in c ? c.none : c.parser.id))).toEqual([
      'vegetable: no list for 22.02.2026 (Kayıtlı veri bulunamadı)',
      'ankara-html',
      'imported: no list for 22.02.2026 (Kayıtlı veri bulunamadı)',
      'ankara-html',
    ]);
    const fish = collected[3]!;
    expect(() => 'document' in fish && fish.parser.parse(fish.document)).toThrow(LayoutError);
  });

  it('lets a Cloudflare 403 propagate (the run records the source as blocked)', async () => {
    const { http } = fakeHttp(() => 403, SERVED);
    await expect(adapter.collect!({ day: '2026-02-18', http, log: () => {} })).rejects.toBeInstanceOf(HttpStatusError);
  });

  it('throws a LayoutError before any POST when the page has no token', async () => {
    const { http, calls } = fakeHttp(
      (_, req) =>
        req.method === 'POST' ? fixture('no-data.html') : new TextEncoder().encode('<html><head></head></html>'),
      SERVED,
    );
    await expect(adapter.collect!({ day: '2026-02-18', http, log: () => {} })).rejects.toBeInstanceOf(LayoutError);
    expect(calls).toHaveLength(1);
  });

  it('formats the requested day as DD.MM.YYYY', () => {
    expect(dottedDay('2025-06-03')).toBe('03.06.2025');
  });
});

describe('Ankara registry entry and archive', () => {
  it('declares number 3, both markets, no licence, Monday–Saturday', () => {
    const d = adapter.definition;
    expectHall(d, {
      key: 'ankara',
      number: 3,
      attribution: 'Kaynak: Ankara Büyükşehir Belediyesi',
      verification: 'verified',
    });
    expect(d.markets.map((m) => [m.slug, m.kind, m.province])).toEqual([
      ['ankara-sebze-meyve', 'sebze-meyve', 'Ankara'],
      ['ankara-balik', 'balik', 'Ankara'],
    ]);
  });

  it('lists the scraper database and the page head with their parsers', () => {
    const docs = adapter.archive!();
    expect(docs.map((d) => [d.storedPath, d.parser.id, d.fetchedAt])).toEqual([
      ['data/sources/ankara/hal_fiyatlari.db', 'ankara-scraper-sqlite', null],
      ['data/sources/ankara/response_truncated_head.html', 'ankara-page-head', null],
    ]);
    expect(docs.map((d) => d.parser.parse(d).rows.length)).toEqual([21407, 0]);
  });
});
