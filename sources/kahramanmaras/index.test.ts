/** The Kahramanmaraş adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Collected } from '../adapter.ts';
import { HttpStatusError, type HttpClient, type HttpRequest } from '../lib/http.ts';
import { adapter, KAHRAMANMARAS_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/kahramanmaras/sebze-meyve-fiyatlari.html', import.meta.url));

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

describe('Kahramanmaraş adapter', () => {
  it('declares the registry entry with its two markets', () => {
    const d = adapter.definition;
    expect(d).toMatchObject({ key: 'kahramanmaras', number: 21, organisation: 'Kahramanmaraş Büyükşehir Belediyesi', url: 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari', licence: null, attribution: 'Kaynak: Kahramanmaraş Büyükşehir Belediyesi' });
    expect(d).toMatchObject({ enabled: true, verification: 'unverified', dataLagDays: 0, publishWindow: null, publishingDays: [1, 2, 3, 4, 5, 6] });
    expect(d.note.startsWith('Built from the published description; no real document has proven the parser yet.')).toBe(true);
    expect(d.markets.map((m) => [m.slug, m.name, m.province, m.district, m.kind])).toEqual([
      ['kahramanmaras-sebze-meyve', 'Kahramanmaraş Sebze ve Meyve Hali', 'Kahramanmaraş', null, 'sebze-meyve'],
      ['kahramanmaras-elbistan', 'Elbistan Sebze ve Meyve Hali', 'Kahramanmaraş', 'Elbistan', 'sebze-meyve'],
    ]);
  });

  it('collects the page with one GET; every market the parser names is declared', async () => {
    const { http, calls } = fakeHttp({ [KAHRAMANMARAS_URL]: PAGE });
    const item = only(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([{ url: 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari', req: { headers: { accept: 'text/html,application/xhtml+xml' } } }]);
    expect(item.document).toEqual({ url: KAHRAMANMARAS_URL, fetchedAt: '2026-09-15T05:00:00.000Z', contentType: 'text/html; charset=UTF-8', bytes: PAGE });
    expect(item.parser.id).toBe('kahramanmaras-table');
    const markets = new Set(item.parser.parse(item.document).rows.map((r) => r.market));
    expect([...markets]).toEqual(adapter.definition.markets.map((m) => m.slug));
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [KAHRAMANMARAS_URL]: 502 });
    const error = await adapter.collect!({ day: '2026-09-15', http, log: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(502);
  });
});
