/** The Çorum adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, CORUM_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/corum/hal-fiyatlari.html', import.meta.url));

describe('Çorum adapter', () => {
  it('declares the registry entry: enabled although blocked, unverified', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'corum',
      number: 18,
      organisation: 'Çorum Belediyesi',
      url: 'https://www.corum.bel.tr/hal-fiyatlari',
      attribution: 'Kaynak: Çorum Belediyesi',
    });
    expect(d.note).toContain('WAF since 2026-09');
    expect(d.markets).toEqual([
      {
        slug: 'corum-sebze-meyve',
        name: 'Çorum Sebze ve Meyve Hali',
        province: 'Çorum',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET, with the requested day', async () => {
    const { http, calls } = fakeHttp({ [CORUM_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://www.corum.bel.tr/hal-fiyatlari',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(item.parser.id).toBe('corum-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('lets the WAF answer (HTTP 403) through, which the scrape command records as blocked', async () => {
    const { http } = fakeHttp({ [CORUM_URL]: 403 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 403);
  });
});
