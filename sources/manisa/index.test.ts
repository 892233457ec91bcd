/** The Manisa adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, MANISA_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/manisa/sebzemeyvehali.html', import.meta.url));

describe('Manisa adapter', () => {
  it('declares the registry entry', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'manisa',
      number: 20,
      organisation: 'Manisa Büyükşehir Belediyesi',
      url: 'https://www.manisa.bel.tr/apps/sebzemeyvehali/',
      attribution: 'Kaynak: Manisa Büyükşehir Belediyesi',
    });
    expect(d.markets).toEqual([
      {
        slug: 'manisa-sebze-meyve',
        name: 'Manisa Sebze ve Meyve Hali',
        province: 'Manisa',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('collects the page with one GET, with the requested day', async () => {
    const { http, calls } = fakeHttp({ [MANISA_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://www.manisa.bel.tr/apps/sebzemeyvehali/',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(item.parser.id).toBe('manisa-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(11);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({});
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 404);
  });
});
