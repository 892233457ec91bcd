/** The Tekirdağ adapter: registry entry, newest-detail selection and live collection against a fake HTTP client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectHttpStatus, fakeHttp, onlyDocument } from '../../tests/support/fake-http.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { NetworkError } from '../lib/http.ts';
import { expectDescribedHall } from '../../tests/support/adapter-cases.ts';
import { adapter, newestDetail, TEKIRDAG_LISTING_URL } from './index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/tekirdag/${name}`, import.meta.url));
const LISTING = fixture('hal_fiyat_gunluk.html');
const DETAIL = fixture('hal_fiyat_liste_detay-2151.html');
const DETAIL_URL = 'https://www.tekirdag.bel.tr/hal_fiyat_liste_detay/2151';

const html = (s: string) => new TextEncoder().encode(s);

describe('Tekirdağ: choosing the newest detail page', () => {
  it('picks the highest id as a number (2151, not "998"), resolving a relative link', () => {
    expect(newestDetail(LISTING)).toEqual({ url: DETAIL_URL, id: 2151 });
  });

  it('ignores other links and takes the highest id wherever it stands', () => {
    const page = html(
      '<a href="/hal_fiyat_liste_detay/12">a</a><a href="/haberler/3000">b</a><a href="hal_fiyat_liste_detay/40/">c</a><a href="/hal_fiyat_liste_detay/9">d</a>',
    );
    expect(newestDetail(page)).toEqual({ url: 'https://www.tekirdag.bel.tr/hal_fiyat_liste_detay/40/', id: 40 });
  });

  it('throws a LayoutError when the listing links no detail page', () => {
    expect(
      expectLayoutError('tekirdag-listing', () =>
        newestDetail(html('<html><body><a href="/haberler">Haberler</a></body></html>')),
      ).message,
    ).toBe('tekirdag-listing: no hal_fiyat_liste_detay/{id} link on the listing page');
  });
});

describe('Tekirdağ adapter', () => {
  it('declares the registry entry, with the TLS chain noted', () => {
    const d = adapter.definition;
    expectDescribedHall(d, {
      key: 'tekirdag',
      number: 27,
      organisation: 'Tekirdağ Büyükşehir Belediyesi',
      url: 'https://www.tekirdag.bel.tr/hal_fiyat_gunluk',
      attribution: 'Kaynak: Tekirdağ Büyükşehir Belediyesi',
      publishingDays: [1, 2, 3, 4, 5],
    });
    expect(d.note).toContain('incomplete TLS certificate chain');
    expect(d.markets).toEqual([
      {
        slug: 'tekirdag-sebze-meyve',
        name: 'Tekirdağ Sebze ve Meyve Hali',
        province: 'Tekirdağ',
        district: null,
        kind: 'sebze-meyve',
      },
    ]);
  });

  it('reads the listing, then the newest detail page, and returns the detail', async () => {
    const { http, calls } = fakeHttp({ [TEKIRDAG_LISTING_URL]: LISTING, [DETAIL_URL]: DETAIL });
    const lines: string[] = [];
    const item = onlyDocument(await adapter.collect!({ day: '2026-09-14', http, log: (l) => lines.push(l) }));
    expect(calls).toEqual([
      {
        url: 'https://www.tekirdag.bel.tr/hal_fiyat_gunluk',
        req: { headers: { accept: 'text/html,application/xhtml+xml' } },
      },
      {
        url: DETAIL_URL,
        req: {
          headers: {
            accept: 'text/html,application/xhtml+xml',
            referer: 'https://www.tekirdag.bel.tr/hal_fiyat_gunluk',
          },
        },
      },
    ]);
    expect(item.document).toEqual({
      url: DETAIL_URL,
      fetchedAt: '2026-09-15T05:00:00.000Z',
      contentType: 'text/html; charset=UTF-8',
      bytes: DETAIL,
    });
    expect(item.parser.id).toBe('tekirdag-detail');
    expect(item.parser.parse(item.document).bulletinDays).toEqual(['2026-09-15']);
    expect(lines).toEqual(['tekirdag: newest list hal_fiyat_liste_detay/2151']);
  });

  it('lets a certificate failure through as a NetworkError (recorded as unreachable), with no retry around it', async () => {
    const { http, calls } = fakeHttp((url) => {
      throw new NetworkError(url, 'TypeError: unable to verify the first certificate');
    });
    await expect(adapter.collect!({ day: '2026-09-15', http, log: () => {} })).rejects.toBeInstanceOf(NetworkError);
    expect(calls.map((c) => c.url)).toEqual([TEKIRDAG_LISTING_URL]);
  });

  it('lets an HTTP error of the detail page through', async () => {
    const { http } = fakeHttp({ [TEKIRDAG_LISTING_URL]: LISTING });
    await expectHttpStatus(adapter.collect!({ day: '2026-09-15', http, log: () => {} }), 404);
  });
});
