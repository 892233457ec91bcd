/** The Konya adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/konya/${name}`, import.meta.url), 'utf8');
const PAGE = fixture('hal-fiyatlari-2026-09-14.html');
const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Konya collect', () => {
  it('GETs the page for the day', async () => {
    const { http, calls } = fakeHttp(() => PAGE, SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      { url: 'https://www.konya.bel.tr/hal-fiyatlari?tarih=2026-09-14', req: { headers: { accept: 'text/html' } } },
    ]);
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('returns none on a day without a list (Konya publishes 2–3 times a week)', async () => {
    const { http } = fakeHttp(() => PAGE.replace(/<tbody>[\s\S]*?<\/tbody>/g, '<tbody></tbody>'), SERVED);
    expect(await adapter.collect!({ day: '2026-09-15', http, log: () => {} })).toEqual([
      { none: 'konya: no list for 2026-09-15' },
    ]);
  });

  it('declares CC BY 4.0 with the licence sentence', () => {
    expect(adapter.definition).toMatchObject({
      key: 'konya',
      number: 8,
      licence: 'CC BY 4.0',
      verification: 'unverified',
      publishingDays: [1, 2, 3, 4, 5, 6],
    });
    expect(adapter.definition.attribution).toContain(
      'Atıf 4.0 Uluslararası (CC BY 4.0) kapsamında lisanslanan kamu sektörü bilgilerini içerir.',
    );
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
