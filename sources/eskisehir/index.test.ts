/** The Eskişehir adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';

const PAGE = readFileSync(
  new URL('../../tests/fixtures/eskisehir/hal-fiyatlari-2026-09-14.html', import.meta.url),
  'utf8',
);
const SERVED = { contentType: 'text/html', fetchedAt: '2026-09-14T09:00:00.000Z' };

describe('Eskişehir collect', () => {
  it('GETs the page and hands it on with the requested day', async () => {
    const { http, calls } = fakeHttp(() => PAGE, SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      { url: 'https://www.eskisehir.bel.tr/hal-fiyatlari', req: { headers: { accept: 'text/html' } } },
    ]);
    expect(item.document.requestedDay).toBe('2026-09-14');
    expect(item.parser.id).toBe('eskisehir-html');
  });

  it('declares an unverified municipal source', () => {
    expect(adapter.definition).toMatchObject({
      key: 'eskisehir',
      number: 10,
      kind: 'municipal',
      verification: 'unverified',
      licence: null,
    });
    expect(adapter.definition.note).toContain(
      'Built from the published description; no real document has proven the parser yet.',
    );
  });
});
