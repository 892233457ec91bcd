/** The Tokat adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, TOKAT_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/tokat/hal-fiyatlari.html', import.meta.url));

describe('Tokat adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'tokat',
      number: 26,
      organisation: 'Tokat Belediyesi',
      url: 'https://www.tokat.bel.tr/hal-fiyatlari',
      attribution: 'Kaynak: Tokat Belediyesi',
    });
    expect(d.markets).toEqual([
      {
        slug: 'tokat-sebze-meyve',
        name: 'Tokat Sebze ve Meyve Hali',
        province: 'Tokat',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET, with the requested day', async () => {
    const { http, calls } = fakeHttp({ [TOKAT_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://www.tokat.bel.tr/hal-fiyatlari',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(item.parser.id).toBe('tokat-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [TOKAT_URL]: 429 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 429);
  });
});
