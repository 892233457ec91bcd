/** The Bolu adapter: registry entry, newest-post selection and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { expectDescribedHall } from '../../tests/support/adapter-cases.ts';
import { adapter, BOLU_CATEGORY_URL, newestPost } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bolu/${name}`, import.meta.url));
const CATEGORY = fixture('category-halfiyatlari.html');
const POST = fixture('10-09-2026-toptanci-hal-fiyat-listesi.html');
const POST_URL = 'https://www.bolu.bel.tr/10-09-2026-toptanci-hal-fiyat-listesi/';

const html = (s: string) => new TextEncoder().encode(s);

describe('Bolu: choosing the newest list post', () => {
  it('picks the newest date in the URLs, not the first link on the page, and resolves relative links', () => {
    expect(newestPost(CATEGORY)).toEqual({ url: POST_URL, day: '2026-09-10' });
  });

  it('compares dates, not the DD-MM-YYYY text', () => {
    // as text, "30-08-2026" > "10-09-2026"; as dates it is older
    const page = html(
      `<a href="/30-08-2026-toptanci-hal-fiyat-listesi/">a</a><a href="/10-09-2026-haftalik-fiyat-listesi/">b</a><a href="/31-12-2025-toptanci-hal-fiyat-listesi/">c</a>`,
    );
    expect(newestPost(page)).toEqual({
      url: 'https://www.bolu.bel.tr/10-09-2026-haftalik-fiyat-listesi/',
      day: '2026-09-10',
    });
  });

  it('ignores dated posts of another kind and hrefs that are not URLs', () => {
    const page = html(
      `<a href="/16-09-2026-hal-kompleksi-duyurusu/">x</a><a href="http://[bad">y</a><a href="/04-09-2026-haftalik-fiyat-listesi/">z</a>`,
    );
    expect(newestPost(page)).toEqual({
      url: 'https://www.bolu.bel.tr/04-09-2026-haftalik-fiyat-listesi/',
      day: '2026-09-04',
    });
  });

  it('throws a LayoutError when the category page links no list post', () => {
    expect(
      expectLayoutError('bolu-category', () =>
        newestPost(html('<html><body><a href="/category/haberler/">Haberler</a></body></html>')),
      ).message,
    ).toBe('bolu-category: no link to a …/DD-MM-YYYY-(toptanci-hal|haftalik)-fiyat-listesi/ post');
  });
});

describe('Bolu adapter', () => {
  it('declares the registry entry: weekly, on Thursday', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'bolu',
      number: 25,
      organisation: 'Bolu Belediyesi',
      url: 'https://www.bolu.bel.tr/category/halfiyatlari/',
      attribution: 'Kaynak: Bolu Belediyesi',
      publishingDays: [4],
    });
    expect(d.markets).toEqual([
      { slug: 'bolu-sebze-meyve', name: 'Bolu Toptancı Hali', province: 'Bolu', district: null, kind: 'sebze-meyve' },
    ]);
  });

  it('reads the category page, then the newest post, and returns the post with its URL day', async () => {
    const { http, calls } = fakeHttp({ [BOLU_CATEGORY_URL]: CATEGORY, [POST_URL]: POST });
    const lines: string[] = [];
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: (l) => lines.push(l) }));
    expect(calls).toEqual([
      {
        url: 'https://www.bolu.bel.tr/category/halfiyatlari/',
        req: { headers: { accept: 'text/html,application/xhtml+xml' } },
      },
      {
        url: POST_URL,
        req: {
          headers: {
            accept: 'text/html,application/xhtml+xml',
            referer: 'https://www.bolu.bel.tr/category/halfiyatlari/',
          },
        },
      },
    ]);
    expect(item.document).toEqual({
      url: POST_URL,
      fetchedAt: '2026-09-15T05:00:00.000Z',
      contentType: 'text/html; charset=UTF-8',
      bytes: POST,
      requestedDay: '2026-09-10',
    });
    expect(item.parser.id).toBe('bolu-weekly-table');
    expect(item.parser.parse(item.document).rows).toHaveLength(16);
    expect(lines).toEqual([`bolu: newest list post ${POST_URL} (2026-09-10)`]);
  });

  it('stops with a LayoutError, before fetching a post, when the category page changed', async () => {
    const { http, calls } = fakeHttp({
      [BOLU_CATEGORY_URL]: html('<html><body><p>Sayfa bulunamadı</p></body></html>'),
    });
    await expect(adapter.collect!({ day: '2026-09-14', http, log: () => {} })).rejects.toThrow(
      'bolu-category: no link',
    );
    expect(calls).toHaveLength(1);
  });

  it('lets an HTTP error of the post through for the scrape command to classify', async () => {
    const { http } = fakeHttp({ [BOLU_CATEGORY_URL]: CATEGORY, [POST_URL]: 403 });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 403);
  });
});
