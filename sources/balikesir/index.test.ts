/** The Balıkesir adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LayoutError } from '../types.ts';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';
import { BALIKESIR_LIST, verificationToken } from './parser.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/balikesir/${name}`, import.meta.url), 'utf8');
const SEARCH = fixture('SebzeMeyveHal.html');
const LIST = fixture('Listele-2026-09-14.html');
const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Balıkesir collect', () => {
  it('GETs the search page, then POSTs the day with its token', async () => {
    const { http, calls } = fakeHttp((url) => (url === BALIKESIR_LIST ? LIST : SEARCH), SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      {
        url: 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal',
        req: { method: 'GET', headers: { accept: 'text/html' } },
      },
      {
        url: 'https://halvepazarfiyatlari.balikesir.bel.tr/Home/Listele',
        req: {
          method: 'POST',
          form: {
            BasT: '14.09.2026',
            BitT: '14.09.2026',
            UrunAd: '',
            HalAd: '',
            TurAd: '1',
            __RequestVerificationToken: 'CfDJ8Nq3kLm0-constructed-token-7Yw2',
          },
          headers: {
            referer: 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal',
            'x-requested-with': 'XMLHttpRequest',
            accept: 'text/html, */*; q=0.01',
          },
        },
      },
    ]);
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(8);
  });

  it('throws a LayoutError when the search page has no token', async () => {
    const { http, calls } = fakeHttp(
      () => SEARCH.replace(/<input name="__RequestVerificationToken"[^>]*>/, ''),
      SERVED,
    );
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toBeInstanceOf(LayoutError);
    expect(calls).toHaveLength(1);
    expect(verificationToken(SEARCH)).toBe('CfDJ8Nq3kLm0-constructed-token-7Yw2');
  });

  it('returns none for an empty answer', async () => {
    const { http } = fakeHttp(
      (url) => (url === BALIKESIR_LIST ? LIST.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>') : SEARCH),
      SERVED,
    );
    expect(await adapter.collect!({ day: '2026-09-14', http, log: () => {} })).toEqual([
      { none: 'balikesir: no rows for 2026-09-14' },
    ]);
  });

  it('declares one market and says why', () => {
    expect(adapter.definition).toMatchObject({ key: 'balikesir', number: 15, verification: 'unverified' });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['balikesir-merkez']);
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
