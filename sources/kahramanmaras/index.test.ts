/** The Kahramanmaraş adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectDescribedHall, expectOnePageGet } from '../../tests/support/adapter-cases.ts';
import { adapter, KAHRAMANMARAS_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/kahramanmaras/sebze-meyve-fiyatlari.html', import.meta.url));

describe('Kahramanmaraş adapter', () => {
  it('declares the registry entry with its two markets', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'kahramanmaras',
      number: 21,
      organisation: 'Kahramanmaraş Büyükşehir Belediyesi',
      url: 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari',
      attribution: 'Kaynak: Kahramanmaraş Büyükşehir Belediyesi',
    });
    expect(d.markets.map((m) => [m.slug, m.name, m.province, m.district, m.kind])).toEqual([
      ['kahramanmaras-sebze-meyve', 'Kahramanmaraş Sebze ve Meyve Hali', 'Kahramanmaraş', null, 'sebze-meyve'],
      ['kahramanmaras-elbistan', 'Elbistan Sebze ve Meyve Hali', 'Kahramanmaraş', 'Elbistan', 'sebze-meyve'],
    ]);
  });

  it('collects the page with one GET; every market the parser names is declared', async () => {
    const { http, calls } = fakeHttp({ [KAHRAMANMARAS_URL]: PAGE });
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expectOnePageGet(calls, item.document, { url: 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari', bytes: PAGE });
    expect(item.parser.id).toBe('kahramanmaras-table');
    const markets = new Set(item.parser.parse(item.document).rows.map((r) => r.market));
    expect([...markets]).toEqual(adapter.definition.markets.map((m) => m.slug));
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [KAHRAMANMARAS_URL]: 502 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 502);
  });
});
