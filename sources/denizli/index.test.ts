/** The Denizli adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const PAGE = readFileSync(
  new URL('../../tests/fixtures/denizli/halfiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Denizli collect', () => {
  it('GETs the page and hands it on with the requested day', async () => {
    const { http, calls } = fakeHttp(() => PAGE, SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      { url: 'https://www.denizli.bel.tr/Default.aspx?k=halfiyatlari', req: { headers: { accept: 'text/html' } } },
    ]);
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.parse(item.document).rows).toHaveLength(9);
  });

  it('declares an unverified municipal source', () => {
    expect(adapter.definition).toMatchObject({ key: 'denizli', number: 11, verification: 'unverified', licence: null });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
