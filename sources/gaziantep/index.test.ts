/** The Gaziantep adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/gaziantep/hal-rayic-2026-09-14.html', import.meta.url), 'utf8');
const SERVED = { fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Gaziantep collect', () => {
  it('GETs the page for the day and hands it on', async () => {
    const { http, calls } = fakeHttp(() => PAGE, SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      { url: 'https://www.gaziantep.bel.tr/tr/hal-rayic?date=2026-09-14', req: { headers: { accept: 'text/html' } } },
    ]);
    expect(item.parser.parse(item.document).rows).toHaveLength(10);
  });

  it('returns none for an empty table', async () => {
    const { http } = fakeHttp(() => PAGE.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>'), SERVED);
    expect(await adapter.collect!({ day: '2026-09-15', http, log: () => {} })).toEqual([
      { none: 'gaziantep: empty table for 2026-09-15' },
    ]);
  });

  it('declares an unverified municipal source', () => {
    expect(adapter.definition).toMatchObject({
      key: 'gaziantep',
      number: 14,
      verification: 'unverified',
      licence: null,
    });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
