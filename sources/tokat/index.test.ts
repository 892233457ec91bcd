/** The Tokat adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Collected } from '../adapter.ts';
import { HttpStatusError, type HttpClient, type HttpRequest } from '../lib/http.ts';
import { adapter, TOKAT_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/tokat/hal-fiyatlari.html', import.meta.url));

function fakeHttp(routes: Record<string, Uint8Array | number>) {
  const calls: { url: string; req: HttpRequest | undefined }[] = [];
  const http: HttpClient = {
    async request(url, req) {
      calls.push({ url, req });
      const body = routes[url];
      if (body === undefined) throw new HttpStatusError(url, 404);
      if (typeof body === 'number') throw new HttpStatusError(url, body);
      return { url, status: 200, contentType: 'text/html; charset=UTF-8', bytes: body, fetchedAt: '2026-09-15T05:00:00.000Z', etag: null, lastModified: null, notModified: false };
    },
  };
  return { http, calls };
}

function only(collected: Collected[]) {
  expect(collected).toHaveLength(1);
  const item = collected[0]!;
  if ('none' in item) throw new Error(`expected a document, got none: ${item.none}`);
  return item;
}

describe('Tokat adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expect(d).toMatchObject({ key: 'tokat', number: 26, organisation: 'Tokat Belediyesi', url: 'https://www.tokat.bel.tr/hal-fiyatlari', licence: null, attribution: 'Kaynak: Tokat Belediyesi' });
    expect(d).toMatchObject({ enabled: true, verification: 'unverified', dataLagDays: 0, publishWindow: null, publishingDays: [1, 2, 3, 4, 5, 6] });
    expect(d.note.startsWith('Built from the published description; no real document has proven the parser yet.')).toBe(true);
    expect(d.markets).toEqual([{ slug: 'tokat-sebze-meyve', name: 'Tokat Sebze ve Meyve Hali', province: 'Tokat', district: null, kind: 'sebze-meyve' }]);
  });

  it('collects the page with one GET, with the requested day', async () => {
    const { http, calls } = fakeHttp({ [TOKAT_URL]: PAGE });
    const item = only(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([{ url: 'https://www.tokat.bel.tr/hal-fiyatlari', req: { headers: { accept: 'text/html,application/xhtml+xml' } } }]);
    expect(item.document).toEqual({ url: TOKAT_URL, fetchedAt: '2026-09-15T05:00:00.000Z', contentType: 'text/html; charset=UTF-8', bytes: PAGE, requestedDay: '2026-09-14' });
    expect(item.parser.id).toBe('tokat-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [TOKAT_URL]: 429 });
    const error = await adapter.collect!({ day: '2026-09-15', http, log: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(429);
  });
});
