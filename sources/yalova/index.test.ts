/** The Yalova adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, YALOVA_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/yalova/fiyat-listesi.html', import.meta.url));

describe('Yalova adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'yalova',
      number: 23,
      organisation: 'Yalova Belediyesi',
      url: 'https://ebelediye.yalova.bel.tr/BilgiEdinme/FiyatListesi/',
      attribution: 'Kaynak: Yalova Belediyesi',
    });
    expect(d.markets).toEqual([
      {
        slug: 'yalova-sebze-meyve',
        name: 'Yalova Sebze ve Meyve Hali',
        province: 'Yalova',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET; the rows date themselves', async () => {
    const { http, calls } = fakeHttp({ [YALOVA_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://ebelediye.yalova.bel.tr/BilgiEdinme/FiyatListesi/',
      bytes: PAGE,
    });
    expect(item.parser.id).toBe('yalova-table');
    expect(item.parser.parse(item.document).bulletinDays).toHaveLength(5);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [YALOVA_URL]: 403 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 403);
  });
});
