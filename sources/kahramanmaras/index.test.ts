/** The Kahramanmaraş adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { adapter, KAHRAMANMARAS_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/kahramanmaras/sebze-meyve-fiyatlari.html', import.meta.url));

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
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([{ url: 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari', req: { headers: { accept: 'text/html,application/xhtml+xml' } } }]);
    expect(item.document).toEqual({ url: KAHRAMANMARAS_URL, fetchedAt: '2026-09-15T05:00:00.000Z', contentType: 'text/html; charset=UTF-8', bytes: PAGE });
    expect(item.parser.id).toBe('kahramanmaras-table');
    const markets = new Set(item.parser.parse(item.document).rows.map((r) => r.market));
    expect([...markets]).toEqual(adapter.definition.markets.map((m) => m.slug));
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [KAHRAMANMARAS_URL]: 502 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 502);
  });
});
