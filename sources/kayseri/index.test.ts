/** The Kayseri adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpStatusError } from '../lib/http.ts';
import { fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const PAGE = readFileSync(
  new URL('../../tests/fixtures/kayseri/hal-fiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Kayseri collect', () => {
  it('GETs the page once and hands it on with the requested day', async () => {
    const { http, calls } = fakeHttp(() => PAGE, SERVED);
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: () => {} });
    expect(calls).toEqual([
      { url: 'https://www.kayseri.bel.tr/hal-fiyatlari', req: { headers: { accept: 'text/html' } } },
    ]);
    const item = onlyDocument(collected);
    expect(item.parser.id).toBe('kayseri-html');
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(12);
  });

  it('returns none for an empty table and hands a changed page on to be kept as evidence', async () => {
    const empty = await adapter.collect!({
      day: '2026-09-14',
      http: fakeHttp(() => PAGE.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>'), SERVED).http,
      log: () => {},
    });
    expect(empty).toEqual([{ none: 'kayseri: empty table on 2026-09-14' }]);
    const changed = await adapter.collect!({
      day: '2026-09-14',
      http: fakeHttp(() => '<html><body>Bakım çalışması</body></html>', SERVED).http,
      log: () => {},
    });
    expect('document' in changed[0]!).toBe(true);
  });

  it('lets an HTTP error propagate', async () => {
    const { http } = fakeHttp(() => 403, SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toBeInstanceOf(HttpStatusError);
  });

  it('declares an unverified municipal source with one market', () => {
    expect(adapter.definition).toMatchObject({
      key: 'kayseri',
      number: 9,
      kind: 'municipal',
      verification: 'unverified',
      enabled: true,
      licence: null,
    });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
    expect(adapter.definition.markets.map((m) => m.slug)).toEqual(['kayseri-sebze-meyve']);
  });
});
