/** The Kütahya adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, KUTAHYA_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/kutahya/hal.html', import.meta.url));

describe('Kütahya adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'kutahya',
      number: 19,
      organisation: 'Kütahya Belediyesi',
      url: 'https://www.kutahya.bel.tr/hal.asp',
      attribution: 'Kaynak: Kütahya Belediyesi',
    });
    expect(d.markets).toEqual([
      {
        slug: 'kutahya-sebze-meyve',
        name: 'Kütahya Sebze ve Meyve Hali',
        province: 'Kütahya',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET, with the requested day', async () => {
    const { http, calls } = fakeHttp({ [KUTAHYA_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://www.kutahya.bel.tr/hal.asp',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(item.parser.id).toBe('kutahya-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(12);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [KUTAHYA_URL]: 500 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 500);
  });
});
