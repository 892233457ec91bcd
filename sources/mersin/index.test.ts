/** The Mersin adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/mersin/${name}`, import.meta.url), 'utf8');
const FRUIT = fixture('fruit-2026-09-14.html');
const VEGETABLES = fixture('vegetables-2026-09-14.html');
const SERVED = { fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Mersin collect', () => {
  it('POSTs published and product_category 3 then 4 with the XHR header', async () => {
    const { http, calls } = fakeHttp((_, req) => (req.form?.product_category === '3' ? FRUIT : VEGETABLES), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    const headers = {
      'x-requested-with': 'XMLHttpRequest',
      referer: 'https://www.mersin.bel.tr/hal-fiyatlari',
      accept: 'text/html, */*; q=0.01',
    };
    expect(calls).toEqual([
      {
        url: 'https://www.mersin.bel.tr/hal-fiyatlari-day',
        req: { method: 'POST', form: { published: '2026-09-14', product_category: '3' }, headers },
      },
      {
        url: 'https://www.mersin.bel.tr/hal-fiyatlari-day',
        req: { method: 'POST', form: { published: '2026-09-14', product_category: '4' }, headers },
      },
    ]);
    const groups = collected.map((item) =>
      'document' in item ? item.parser.parse(item.document).rows.map((r) => r.group) : [],
    );
    expect(groups).toEqual([Array(6).fill('MEYVE'), Array(5).fill('SEBZE')]);
  });

  it('lets the 403 of the data-centre block propagate (the scrape records the source as blocked)', async () => {
    const { http } = fakeHttp(() => 403, SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toMatchObject({ status: 403 });
  });

  it('stays enabled and unverified', () => {
    expect(adapter.definition).toMatchObject({
      key: 'mersin',
      number: 12,
      enabled: true,
      verification: 'unverified',
      licence: null,
    });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
    expect(adapter.definition.note).toContain('403');
  });
});
