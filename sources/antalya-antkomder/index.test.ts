/** The Antalya Komisyoncular Derneği adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/antalya-antkomder/${name}`, import.meta.url), 'utf8');
const SERIK = fixture('serik-2026-09-14.html');
const MERKEZ = fixture('merkez-2026-09-14-placeholders.html');
const SERVED = { fetchedAt: '2026-09-14T14:00:00.000Z' };

describe('Antalya association collect', () => {
  it('GETs Merkez (1), Serik (3) and Kumluca (4) for the day; placeholders give none', async () => {
    const { http, calls } = fakeHttp((url) => (url.includes('/hal-fiyatlari/1') ? MERKEZ : SERIK), SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls).toEqual(
      [1, 3, 4].map((n) => ({
        url: `https://antalyakomisyonculardernegi.com/hal-fiyatlari/${n}?daily=2026-09-14`,
        req: { method: 'GET', headers: { accept: 'text/html' } },
      })),
    );
    expect(collected[0]).toEqual({ none: 'antalya-antkomder-merkez: no prices for 2026-09-14 (placeholders only)' });
    const markets = collected
      .slice(1)
      .map((item) => ('document' in item ? item.parser.parse(item.document).rows[0]!.market : null));
    expect(markets).toEqual(['antalya-antkomder-serik', 'antalya-antkomder-kumluca']);
  });

  it('declares an association (not an official source) with three markets', () => {
    expect(adapter.definition).toMatchObject({
      key: 'antalya-antkomder',
      number: 7,
      kind: 'association',
      verification: 'unverified',
      enabled: true,
    });
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual([
      'antalya-antkomder-merkez',
      'antalya-antkomder-serik',
      'antalya-antkomder-kumluca',
    ]);
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
    expect(adapter.definition.note).toContain('Not an official source');
  });
});
