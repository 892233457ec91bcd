/** The Elazığ adapter: registry entry and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { LayoutError, type Collected } from '../types.ts';
import { expectHall } from '../../tests/support/adapter-cases.ts';
import { adapter, ELAZIG_URL } from './index.ts';

const PAGE = readFileSync(new URL('../../tests/fixtures/elazig/hal-fiyatlari.html', import.meta.url));

const documentOf = (collected: Collected[]) => onlyDocument(collected).document;
const parserOf = (collected: Collected[]) => onlyDocument(collected).parser;

describe('Elazığ adapter', () => {
  it('declares the registry entry, verified by the real list of 2026-09-08', () => {
    const d = adapter.definition;
    expectHall(d, {
      verification: 'verified',
      key: 'elazig',
      number: 17,
      organisation: 'Elazığ Belediyesi',
      url: 'https://www.elazig.bel.tr/hal-fiyatlari/',
      attribution: 'Kaynak: Elazığ Belediyesi',
    });
    expect(d.note).toContain(
      'the list block of 2026-09-08 (129 entries, a public repository’s copy) proves the parser',
    );
    expect(d.markets).toEqual([
      {
        slug: 'elazig-sebze-meyve',
        name: 'Elazığ Sebze ve Meyve Hali',
        province: 'Elazığ',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
    expect(adapter.archive).toBeUndefined();
  });

  it('collects the page with one GET and returns it with the requested day, whatever its content', async () => {
    const { http, calls } = fakeHttp({ [ELAZIG_URL]: PAGE });
    const lines: string[] = [];
    const collected = await adapter.collect!({ day: '2026-09-14', http, log: (l) => lines.push(l) });
    expect(calls).toEqual([
      {
        url: 'https://www.elazig.bel.tr/hal-fiyatlari/',
        req: { headers: { accept: 'text/html,application/xhtml+xml' } },
      },
    ]);
    const document = documentOf(collected);
    expect(document).toEqual({
      url: ELAZIG_URL,
      fetchedAt: '2026-09-15T05:00:00.000Z',
      contentType: 'text/html; charset=UTF-8',
      bytes: PAGE,
      requestedDay: '2026-09-14',
    });
    expect(parserOf(collected).id).toBe('elazig-list');
    expect(parserOf(collected).parse(document).bulletinDays).toEqual(['2026-09-14']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^elazig: 12 items, list fingerprint [0-9a-f]{12}$/);
  });

  it('returns an unchanged page again (the pipeline deduplicates it by sha256) and logs the same fingerprint', async () => {
    const { http } = fakeHttp({ [ELAZIG_URL]: PAGE });
    const lines: string[] = [];
    const first = documentOf(await adapter.collect!({ day: '2026-09-14', http, log: (l) => lines.push(l) }));
    const second = documentOf(await adapter.collect!({ day: '2026-09-15', http, log: (l) => lines.push(l) }));
    expect(second.bytes).toEqual(first.bytes);
    expect(second.requestedDay).toBe('2026-09-15');
    expect(lines[1]).toBe(lines[0]);
  });

  it('returns a page it cannot read, so that the parser fails on it and the scrape keeps it as evidence', async () => {
    const changed = new TextEncoder().encode(
      '<html><body><table><tr><td>DOMATES</td><td>30,00</td></tr></table></body></html>',
    );
    const { http } = fakeHttp({ [ELAZIG_URL]: changed });
    const lines: string[] = [];
    const collected = await adapter.collect!({ day: '2026-09-15', http, log: (l) => lines.push(l) });
    expect(documentOf(collected).bytes).toEqual(changed);
    expect(lines).toEqual(['elazig: no fingerprint (elazig-list: expected one ul#halfiyat, found 0)']);
    expect(() => parserOf(collected).parse(documentOf(collected))).toThrow(LayoutError);
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [ELAZIG_URL]: 503 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 503);
  });
});
