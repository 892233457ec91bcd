/** The Kocaeli adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../lib/http.ts';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';
import { KOCAELI_URL } from './parser.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/kocaeli/${name}`, import.meta.url), 'utf8');
const MERKEZ = fixture('merkez-2026-09-14.html');
const GEBZE = fixture('gebze-2026-09-14.html');
const NO_LIST = fixture('gebze-2026-09-13-no-list.html');
const SERVED = { fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Kocaeli collect', () => {
  it('POSTs date and hal for Merkez then Gebze and binds each page to its market', async () => {
    const { http, calls } = fakeHttp((_, req) => (req.form?.hal === '1' ? MERKEZ : GEBZE), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls).toEqual([
      {
        url: 'https://www.kocaeli.bel.tr/hal-fiyatlari/',
        req: {
          method: 'POST',
          form: { date: '2026-09-14', hal: '1' },
          headers: { accept: 'text/html', referer: KOCAELI_URL },
        },
      },
      {
        url: 'https://www.kocaeli.bel.tr/hal-fiyatlari/',
        req: {
          method: 'POST',
          form: { date: '2026-09-14', hal: '2' },
          headers: { accept: 'text/html', referer: KOCAELI_URL },
        },
      },
    ]);
    const markets = collected.map((item) =>
      'document' in item ? [...new Set(item.parser.parse(item.document).rows.map((r) => r.market))] : item.none,
    );
    expect(markets).toEqual([['kocaeli-merkez'], ['kocaeli-gebze']]);
  });

  it('returns none for a hall without a list', async () => {
    const { http } = fakeHttp((_, req) => (req.form?.hal === '1' ? MERKEZ : NO_LIST), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-13', http, log: () => {} });
    expect('document' in collected[0]!).toBe(true);
    expect(collected[1]).toEqual({ none: 'kocaeli-gebze: henüz bir veri yayınlanmamıştır (2026-09-13)' });
  });

  it('lets a network error propagate (the site was unreachable 2026-05 … 2026-09)', async () => {
    const { http } = fakeHttp((url) => {
      throw new NetworkError(url, 'ConnectTimeoutError');
    }, SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toBeInstanceOf(NetworkError);
  });

  it('declares two markets', () => {
    expect(adapter.definition).toMatchObject({ key: 'kocaeli', number: 13, verification: 'unverified', enabled: true });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['kocaeli-merkez', 'kocaeli-gebze']);
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
