/** The Tokat adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { adapter, TOKAT_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/tokat/hal-fiyatlari.html', import.meta.url));

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
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([{ url: 'https://www.tokat.bel.tr/hal-fiyatlari', req: { headers: { accept: 'text/html,application/xhtml+xml' } } }]);
    expect(item.document).toEqual({ url: TOKAT_URL, fetchedAt: '2026-09-15T05:00:00.000Z', contentType: 'text/html; charset=UTF-8', bytes: PAGE, requestedDay: '2026-09-14' });
    expect(item.parser.id).toBe('tokat-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [TOKAT_URL]: 429 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 429);
  });
});
