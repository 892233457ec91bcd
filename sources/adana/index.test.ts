/**
 * The Adana adapter: registry entry and live collection against a fake HTTP client. The list page
 * is constructed (tests/fixtures/adana/README.md); the bulletin it leads to is a real page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeHttp, firstDocument } from '../../tests/support/fake-http.ts';
import { adapter } from './index.ts';
import { newestDetailUrl } from './parser.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/adana/${name}`, import.meta.url), 'utf8');
const LIST = fixture('hal-fiyat-listesi.html');
const DETAIL = readFileSync(new URL('../../data/sources/adana/2680.html', import.meta.url));
const SERVED = { contentType: 'text/html; charset=utf-8', fetchedAt: '2026-09-14T12:00:00.000Z' };

describe('Adana collect', () => {
  it('picks the highest /tr/hal-detay id on the list page', () => {
    expect(newestDetailUrl(LIST)).toBe('https://www.adana.bel.tr/tr/hal-detay/4812');
    expect(newestDetailUrl('<html><body><a href="/tr/haberler/1">Haber</a></body></html>')).toBeNull();
  });

  it('GETs the list, then the newest bulletin', async () => {
    const { http, calls } = fakeHttp((url) => (url.endsWith('/hal-detay/4812') ? DETAIL : LIST), SERVED);
    const item = firstDocument(await adapter.collect!({ day: '2026-09-14', http, log: () => {} }));
    expect(calls).toEqual([
      {
        url: 'https://www.adana.bel.tr/tr/hal-fiyat-listesi',
        req: { method: 'GET', headers: { accept: 'text/html' } },
      },
      {
        url: 'https://www.adana.bel.tr/tr/hal-detay/4812',
        req: {
          method: 'GET',
          headers: { accept: 'text/html', referer: 'https://www.adana.bel.tr/tr/hal-fiyat-listesi' },
        },
      },
    ]);
    expect(item.parser.parse(item.document).bulletinDays).toEqual(['2026-08-17']);
  });

  it('throws a LayoutError when the list page links no bulletin', async () => {
    const { http } = fakeHttp(() => '<html><body><p>Sayfa bulunamadı</p></body></html>', SERVED);
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toThrow(
      'adana-html: no /tr/hal-detay/{id} link on the list page',
    );
  });

  it('declares a municipal source verified by its real pages, publishing every day of the week', () => {
    expect(adapter.definition).toMatchObject({
      key: 'adana',
      number: 16,
      verification: 'verified',
      licence: null,
      publishingDays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(adapter.definition.note).not.toContain('no real document has proven the parser');
    expect(adapter.definition.note).toContain('data/sources/adana/archive.json');
    const pages = adapter.archive!();
    expect(pages.map((d) => d.parser.parse(d).bulletinDays.length)).toEqual(Array(79).fill(1));
  });
});
