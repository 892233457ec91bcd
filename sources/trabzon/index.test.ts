/** The Trabzon adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, TRABZON_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/trabzon/halurunfiyatlari-as-served.html', import.meta.url));

const RENDERED = readFileSync(new URL('../../tests/fixtures/trabzon/halurunfiyatlari-rendered.html', import.meta.url));

describe('Trabzon adapter', () => {
  it('declares the registry entry: collection paused, it needs a browser', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'trabzon',
      number: 24,
      organisation: 'Trabzon Büyükşehir Belediyesi',
      url: 'https://kurumsal.trabzon.bel.tr/halurunfiyatlari',
      attribution: 'Kaynak: Trabzon Büyükşehir Belediyesi',
      enabled: false,
    });
    expect(d.note).toContain('needs a browser to render; collection paused');
    expect(d.markets).toEqual([
      {
        slug: 'trabzon-sebze-meyve',
        name: 'Trabzon Sebze ve Meyve Hali',
        province: 'Trabzon',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('fetches the page with one GET; as served, the parser reports it needs a browser', async () => {
    const { http, calls } = fakeHttp({ [TRABZON_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, {
      url: 'https://kurumsal.trabzon.bel.tr/halurunfiyatlari',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(() => item.parser.parse(item.document)).toThrow('needs a browser');
  });

  it('reads the page once a client hands back the rendered HTML', async () => {
    const { http } = fakeHttp({ [TRABZON_URL]: RENDERED });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(item.parser.parse(item.document).rows).toHaveLength(9);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [TRABZON_URL]: 500 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 500);
  });
});
