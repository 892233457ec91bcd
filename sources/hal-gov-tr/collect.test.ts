/**
 * collect() against a fake HttpClient serving the CONSTRUCTED pages of the bulletin of
 * 22.04.2026 (tests/fixtures/hal-gov-tr/): the GET form, then page 1 for the date postback,
 * then page N for each `Page$N` postback. Never the live site.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onlyDocument } from '../../tests/support/fake-http.ts';
import { LayoutError, type CollectContext } from '../types.ts';
import { HttpStatusError, type HttpClient, type HttpRequest, type HttpResponse } from '../lib/http.ts';
import { collectBulletin, concatBytes, PAGE_URL } from './collect.ts';
import { adapter } from './index.ts';
import { readHksJson } from './json.ts';
import { halGovTrGrid } from './parsers.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/hal-gov-tr/${name}`, import.meta.url)));
const page = (n: number) => fixture(`grid-page-${String(n).padStart(2, '0')}.html`);
const WP = 'ctl00$ctl37$g_7e86b8d6_3aea_47cf_b1c1_939799a091e0$';
const DATE = `${WP}dateControl$dateControlDate`;
const GRID = `${WP}gvFiyatlar`;
const REAL = readHksJson(
  readFileSync(
    new URL('../../data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json', import.meta.url),
    'utf8',
  ),
);

type Call = { url: string; method: string; form?: Record<string, string>; headers?: Record<string, string> };

const response = (bytes: Uint8Array, n: number): HttpResponse => ({
  url: PAGE_URL,
  status: 200,
  contentType: 'text/html; charset=utf-8',
  bytes,
  fetchedAt: `2026-04-22T06:00:${String(n).padStart(2, '0')}.000Z`,
  etag: null,
  lastModified: null,
  notModified: false,
});

/** The site as far as these tests need it: `serve` picks the bytes of each answer. */
function fakeHttp(serve: (req: HttpRequest) => Uint8Array): { http: HttpClient; calls: Call[] } {
  const calls: Call[] = [];
  const http: HttpClient = {
    async request(url, req = {}) {
      calls.push({ url, method: req.method ?? 'GET', form: req.form, headers: req.headers });
      return response(serve(req), calls.length);
    },
  };
  return { http, calls };
}

/** hal.gov.tr: the form on GET, page 1 for the date 22.04.2026 and "Fiyat Bul", page N for Page$N. */
function hks(req: HttpRequest): Uint8Array {
  if (req.method === 'GET') return fixture('form-get.html');
  const form = req.form ?? {};
  if (form[`${WP}btnGet`] === 'Fiyat Bul') return form[DATE] === '22.04.2026' ? page(1) : fixture('no-bulletin.html');
  const m = /^Page\$(\d+)$/.exec(form.__EVENTARGUMENT ?? '');
  if (form.__EVENTTARGET === GRID && m) return page(Number(m[1]));
  throw new Error(`unexpected request ${JSON.stringify(form)}`);
}

const ctx = (http: HttpClient, day = '2026-04-21'): CollectContext => ({ day, http, log: () => {} });
const hidden = (tag: string) => ({
  __EVENTTARGET: '',
  __EVENTARGUMENT: '',
  __REQUESTDIGEST: `0x0FIXTURE${tag},22 Apr 2026 18:38:00 -0000`,
  __VIEWSTATE: `/wEPDwUKLTFIXTURE-${tag}`,
  __VIEWSTATEGENERATOR: 'BAB98CB3',
  __EVENTVALIDATION: `/wEdAAFIXTURE-${tag}`,
});

describe('HKS collect: the postback flow for data day 2026-04-21', () => {
  it('GETs the form, posts the bulletin date 22.04.2026 with "Fiyat Bul", then pages 2 … 18', async () => {
    const { http, calls } = fakeHttp(hks);
    await adapter.collect!(ctx(http));
    expect(calls).toHaveLength(19);
    expect(calls[0]).toEqual({ url: PAGE_URL, method: 'GET', form: undefined, headers: undefined });
    expect(calls[1]).toEqual({
      url: PAGE_URL,
      method: 'POST',
      form: { ...hidden('get'), [DATE]: '22.04.2026', [`${WP}btnGet`]: 'Fiyat Bul' },
      headers: { referer: PAGE_URL },
    });
    expect(calls.slice(2).map((c) => c.form?.__EVENTARGUMENT)).toEqual(
      Array.from({ length: 17 }, (_, i) => `Page$${i + 2}`),
    );
  });

  it('posts each page with the hidden fields of the page before it (the refreshed __VIEWSTATE)', async () => {
    const { http, calls } = fakeHttp(hks);
    await adapter.collect!(ctx(http));
    expect(calls[2]).toEqual({
      url: PAGE_URL,
      method: 'POST',
      form: { ...hidden('page01'), __EVENTTARGET: GRID, __EVENTARGUMENT: 'Page$2', [DATE]: '22.04.2026' },
      headers: { referer: PAGE_URL },
    });
    // page 11 is reached through the `...` link of page 10
    expect(calls[11]!.form).toEqual({
      ...hidden('page10'),
      __EVENTTARGET: GRID,
      __EVENTARGUMENT: 'Page$11',
      [DATE]: '22.04.2026',
    });
    expect(calls[18]!.form).toEqual({
      ...hidden('page17'),
      __EVENTTARGET: GRID,
      __EVENTARGUMENT: 'Page$18',
      [DATE]: '22.04.2026',
    });
  });

  it('returns the 18 pages as one document, bytes unchanged, read by the grid parser', async () => {
    const { http } = fakeHttp(hks);
    const collected = await adapter.collect!(ctx(http));
    const item = onlyDocument(collected);
    expect(item.parser.id).toBe('hal-gov-tr-grid');
    expect(item.document).toEqual({
      url: PAGE_URL,
      fetchedAt: '2026-04-22T06:00:19.000Z',
      contentType: 'text/html; charset=utf-8',
      bytes: concatBytes(Array.from({ length: 18 }, (_, i) => page(i + 1))),
      requestedDay: '2026-04-21',
    });
    const parsed = item.parser.parse(item.document);
    expect(parsed.bulletinDays).toEqual(['2026-04-21']);
    expect(parsed.rows).toHaveLength(260);
    expect(parsed.rows.map((r) => r.avg)).toEqual(REAL.document.rows.map((r) => r.avg));
  });

  it('stops after page 1 when the grid has no pager', async () => {
    const single = new TextEncoder().encode(
      new TextDecoder().decode(page(1)).replace(/<tr><td colspan="6"><table>[\s\S]*?<\/table><\/td><\/tr>/, ''),
    );
    const { http, calls } = fakeHttp((req) => (req.method === 'GET' ? fixture('form-get.html') : single));
    const collected = await collectBulletin(ctx(http), halGovTrGrid);
    expect(calls).toHaveLength(2);
    const item = onlyDocument(collected);
    expect(item.document.bytes).toEqual(single);
    expect(item.parser.parse(item.document).rows).toHaveLength(16);
  });
});

describe('HKS collect: no bulletin and failures', () => {
  it('answers none when the page shows no grid for the date', async () => {
    const { http, calls } = fakeHttp(hks);
    expect(await adapter.collect!(ctx(http, '2026-04-25'))).toEqual([
      { none: 'HKS has no bulletin dated 26.04.2026 (data of 2026-04-25)' },
    ]);
    expect(calls.map((c) => c.form?.[DATE])).toEqual([undefined, '26.04.2026']);
  });

  it('throws a LayoutError when the site answers with another page than the one asked', async () => {
    const { http } = fakeHttp((req) => (req.form?.__EVENTARGUMENT === 'Page$2' ? page(3) : hks(req)));
    await expect(adapter.collect!(ctx(http))).rejects.toThrow('hal-gov-tr-grid: asked for page 2, got page 3');
  });

  it('throws a LayoutError when a later page belongs to another bulletin', async () => {
    const other = new TextDecoder().decode(page(2)).replace('22.04.2026 (21.04.2026', '23.04.2026 (22.04.2026');
    const { http } = fakeHttp((req) =>
      req.form?.__EVENTARGUMENT === 'Page$2' ? new TextEncoder().encode(other) : hks(req),
    );
    await expect(adapter.collect!(ctx(http))).rejects.toThrow('page 2 is of bulletin 2026-04-23, page 1 of 2026-04-22');
  });

  it('throws a LayoutError when a page is cut short, which would average part of the lines', async () => {
    const whole = new TextDecoder().decode(page(1));
    const cut = new TextEncoder().encode(whole.slice(0, whole.indexOf('</tr>', whole.length >> 1) + '</tr>'.length));
    const { http } = fakeHttp((req) => (req.form?.[`${WP}btnGet`] ? cut : hks(req)));
    await expect(adapter.collect!(ctx(http))).rejects.toThrow(
      'hal-gov-tr-grid: bulletin 22.04.2026 ends before </html>: cut short',
    );
  });

  it('throws a LayoutError when the GET page has no form to post', async () => {
    const { http } = fakeHttp(() => new TextEncoder().encode('<html><body>Bakım çalışması</body></html>'));
    await expect(adapter.collect!(ctx(http))).rejects.toBeInstanceOf(LayoutError);
    await expect(adapter.collect!(ctx(http))).rejects.toThrow('hal-gov-tr-grid: GET: no __VIEWSTATE or no date field');
  });

  it('lets an HTTP error through for the scrape command to classify', async () => {
    const http: HttpClient = {
      async request(url) {
        throw new HttpStatusError(url, 403);
      },
    };
    await expect(adapter.collect!(ctx(http))).rejects.toBeInstanceOf(HttpStatusError);
  });
});
