/** The Çanakkale adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { NetworkError } from '../lib/http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, CANAKKALE_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/canakkale/hal-fiyat-listesi.html', import.meta.url));

describe('Çanakkale adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'canakkale',
      number: 22,
      organisation: 'Çanakkale Belediyesi',
      url: 'https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi',
      attribution: 'Kaynak: Çanakkale Belediyesi',
    });
    expect(d.markets).toEqual([
      {
        slug: 'canakkale-sebze-meyve',
        name: 'Çanakkale Sebze ve Meyve Hali',
        province: 'Çanakkale',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET; the document carries no requested day (the table dates itself)', async () => {
    const { http, calls } = fakeHttp({ [CANAKKALE_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi',
      bytes: PAGE,
    });
    expect(item.parser.id).toBe('canakkale-table');
    expect(item.parser.parse(item.document).bulletinDays).toEqual(['2026-09-15']);
  });

  it('lets a dropped connection through for the scrape command to record as unreachable', async () => {
    const { http } = fakeHttp((url) => {
      throw new NetworkError(url, 'SocketError: other side closed');
    });
    await expect(adapter.collect!({ day: '2026-09-15', http, log: () => {} })).rejects.toBeInstanceOf(NetworkError);
  });
});
