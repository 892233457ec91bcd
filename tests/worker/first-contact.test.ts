/**
 * What a person meets first, over the real build: an empty answer says why (the newest data day
 * of the filter, the filter values that name nothing and the closest that do), a filter that folds
 * to nothing is never "no filter", and the contract's small print holds: links on every page,
 * one rule for slugs in paths and for page numbers, every status the worker sends declared.
 */
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { ROUTES } from '../../core/routes.ts';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody, startOwnWorker } from '../support/worker.ts';

const served = servedApi('198.18.20');
const { client } = served;
const get = async (path: string) => client()(`/api/v1${path}`);

describe('an empty answer says why', () => {
  it('a range past the filter’s data names its newest day', async () => {
    const r = await get('/prices?product=domates&city=izmir&range=30d');
    expect(r.json().meta.total).toBe(0);
    expect(r.headers.get('x-newest-data-day')).toBe('2026-07-23');
    const history = await get('/prices/history/domates');
    expect(history.json().items).toEqual([]);
    expect(history.headers.get('x-newest-data-day')).toBe(
      served.db
        .prepare(
          `SELECT max(o.data_day) FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN variants v ON v.slug = n.variant_slug WHERE v.product_slug = 'domates'`,
        )
        .pluck()
        .get(),
    );
    // A browser script can read them.
    expect(r.headers.get('access-control-expose-headers')).toContain('x-newest-data-day');
    const file = await client()('/api/v1/prices/export?product=domates&city=izmir&range=30d');
    expect(file.text.trim().split('\n')).toHaveLength(1);
    expect(file.headers.get('x-newest-data-day')).toBe('2026-07-23');
    expect((await client()('/api/v1/prices/export?market=izmir')).headers.get('x-filter-suggestions')).toContain(
      'city=izmir',
    );
  });

  it('a market named by its city: the value names nothing, the closest values are said', async () => {
    const r = await get('/prices?market=izmir');
    expect(r.json().meta.total).toBe(0);
    expect(r.headers.get('x-newest-data-day')).toBeNull();
    expect(r.headers.get('x-unknown-filters')).toBe('market=izmir');
    const suggestions = r.headers.get('x-filter-suggestions')!.split(', ');
    expect(suggestions).toContain('city=izmir');
    expect(suggestions).toContain('market=izmir-sebze-meyve');
    const product = await get('/prices?product=domatez');
    expect(product.headers.get('x-unknown-filters')).toBe('product=domatez');
    const latest = await get('/prices/latest?product=Domatesler');
    expect(latest.json().items).toEqual([]);
    expect(latest.headers.get('x-unknown-filters')).toBe('product=Domatesler');
  });

  it.each([
    ['product=%F0%9F%8D%85', 'product=%F0%9F%8D%85'],
    ['market=---', 'market=---'],
    ['product=%ff', 'product=%EF%BF%BD'],
  ])('a value that folds to nothing (%s) matches nothing, never everything', async (query, unknown) => {
    const all = (await get('/prices?limit=1')).json().meta.total;
    const r = await get(`/prices?${query}&limit=1`);
    expect(all).toBeGreaterThan(300_000);
    expect(r.json().meta).toMatchObject({ total: 0, next: null });
    expect(r.headers.get('x-unknown-filters')).toBe(unknown);
    expect((await client()(`/api/v1/prices/export?${query}`)).text.trim().split('\n')).toHaveLength(1);
  });

  it('an empty value is no filter, as an empty form field sends it', async () => {
    expect((await get('/prices?product=&limit=1')).json().meta.total).toBe(
      (await get('/prices?limit=1')).json().meta.total,
    );
  });
});

describe('links on every page (RFC 8288, as GitHub writes them)', () => {
  const links = (header: string | null) =>
    Object.fromEntries(
      (header ?? '')
        .split(', ')
        .map((l) => /^<([^>]+)>; rel="(\w+)"$/.exec(l)!)
        .map((m) => [m[2], m[1]]),
    );
  it('first and last always, prev from page 2, next while a page follows', async () => {
    const base = '/api/v1/prices?product=domates-salkim';
    const first = await client()(`${base}&limit=3`);
    const total = first.json().meta.total as number;
    const last = Math.ceil(total / 3);
    expect(links(first.headers.get('link'))).toEqual({
      first: `${base}&page=1&limit=3`,
      next: `${base}&page=2&limit=3`,
      last: `${base}&page=${last}&limit=3`,
    });
    expect(links((await client()(`${base}&limit=3&page=2`)).headers.get('link'))).toEqual({
      first: `${base}&page=1&limit=3`,
      prev: `${base}&page=1&limit=3`,
      next: `${base}&page=3&limit=3`,
      last: `${base}&page=${last}&limit=3`,
    });
    const end = await client()(`${base}&limit=3&page=${last}`);
    expect(end.json().meta.next).toBeNull();
    expect(Object.keys(links(end.headers.get('link')))).toEqual(['first', 'prev', 'last']);
    const past = await client()(`${base}&limit=3&page=${last + 5}`);
    expect(links(past.headers.get('link')).prev).toBe(`${base}&page=${last}&limit=3`);
    const single = await client()('/api/v1/prices?market=izmir');
    expect(Object.keys(links(single.headers.get('link')))).toEqual(['first', 'last']);
  });

  it('on /products and on paged history too', async () => {
    expect(Object.keys(links((await get('/products?limit=5&page=2')).headers.get('link')))).toEqual([
      'first',
      'prev',
      'next',
      'last',
    ]);
    expect(Object.keys(links((await get('/prices/history/domates?range=3650d&limit=10')).headers.get('link')))).toEqual(
      ['first', 'next', 'last'],
    );
    expect((await get('/prices/history/domates?range=3650d')).headers.get('link')).toBeNull();
  });
});

describe('one rule each', () => {
  it('slug path parameters are folded everywhere', async () => {
    for (const [odd, plain] of [
      ['/prices/history/Domates?range=3650d', '/prices/history/domates?range=3650d'],
      ['/products/DOMATES/aliases', '/products/domates/aliases'],
      ['/index/Izmir', '/index/izmir'],
      ['/index/%C4%B0ZM%C4%B0R', '/index/izmir'],
    ]) {
      const [a, b] = [await get(odd!), await get(plain!)];
      expect(a.status, odd).toBe(b.status);
      expect(a.headers.get('etag'), odd).toBe(b.headers.get('etag'));
    }
    expectErrorBody(await get('/products/domatesler/aliases'), 404, 'NOT_FOUND');
  });

  it('a malformed escape in a path parameter is a 400 in the error body', async () => {
    for (const path of ['/prices/history/%E0%A4%A', '/products/%/aliases', '/index/%ff', '/observations/%zz']) {
      expectErrorBody(await get(path), 400, 'INVALID_PARAMETER');
    }
  });

  it('any whole page number ≥ 1 is a page; one past the last is empty with total null', async () => {
    for (const page of ['999999999999999', '9999999999999999', '99999999999999999999999']) {
      const r = await get(`/prices?page=${page}&limit=5`);
      expect(r.status, page).toBe(200);
      expect(r.json().meta).toMatchObject({ total: null, count: 0 });
    }
    expect((await get('/prices?limit=99999999999999999999')).json().meta.limit).toBe(200);
  });

  it('trending clamps its limit like every other limit', async () => {
    expect((await get('/prices/trending?limit=1234567')).json().meta.limit).toBe(100);
    expect((await get('/products/search?q=domates&limit=1234567')).json().meta.limit).toBe(50);
  });

  it('a paused source with no data says collection_paused', async () => {
    const trabzon = (await get('/sources/status')).json().items.find((s: any) => s.key === 'trabzon');
    expect(trabzon).toMatchObject({
      enabled: false,
      freshness: 'unavailable',
      warnings: ['no_data', 'collection_paused'],
    });
    const market = (await get('/markets')).json().items.find((m: any) => m.slug === 'trabzon-sebze-meyve');
    expect(market.warnings).toEqual(['no_data', 'collection_paused']);
  });
});

describe('every status the worker sends is declared', () => {
  /** Bad and odd inputs for every operation; whatever comes back must be in its OpenAPI responses. */
  const ASKS: Record<string, string[]> = {
    '/prices': ['?page=0', '?limit=x', '?date=2026-02-30', '?range=abc', '?product=%ff'],
    '/prices/latest': ['?product=x', '?category=%ff'],
    '/prices/history/{slug}': ['/x?page=0', '/x?limit=0', '/%E0%A4%A', '/domates?bucket=x'],
    '/prices/export': ['?format=xml', '?latest=2', '?locale=en', '?date=x'],
    '/products': ['?page=0', '?limit=-1', '?category=x'],
    '/products/search': ['', '?q=a', '?q=domates&limit=0'],
    '/products/{slug}/aliases': ['/x/aliases', '/%/aliases'],
    '/search': ['', '?q=%20', '?q=izmir&limit=x'],
    '/index/history': ['?from=x', '?from=2026-02-01&to=2026-01-01', '?series=x'],
    '/index/{slug}': ['/x', '/ankara', '/%ff'],
    '/prices/trending': ['?limit=0', '?limit=x'],
    '/prices/weekly-summary': ['?week=2026-99', '?week=2026-01'],
    '/observations/{id}': ['/x', '/%zz', '/3f1c2f9a-5b7e-4c1d-9a2b-6f0e1d2c3b4a'],
    '/health': [''],
    '/compat/prices': ['?page=0', '?limit=x', '?latestOnly=maybe', '?city=99', '?range=abc'],
    '/compat/prices/history/{productSlug}': ['/x', '/%E0%A4%A', '/domates?range=x'],
    '/compat/prices/export': ['?city=0', '?product=%ff'],
    '/compat/prices/trending': ['?limit=0'],
    '/compat/prices/weekly-summary': ['?week=2026-99'],
    '/compat/index/history': ['?weeks=0', '?weeks=x', '?weeks=1000'],
    '/compat/markets': ['?city=82', '?city=35', '?city=nowhere'],
  };
  it.each([...ROUTES, ...COMPAT_ROUTES].map((r) => r.path))('%s', async (path) => {
    const declared = Object.keys(served.api.doc.paths[path].get.responses).map(Number);
    const base = path.replace(/\/\{\w+\}.*$/, '');
    for (const ask of ASKS[path] ?? ['']) {
      const r = await client()(`/api/v1${base}${ask}`);
      expect(declared, `${path}: ${base}${ask} answered ${r.status}`).toContain(r.status);
    }
  });
});

describe('x-request-id as it arrives on the wire', () => {
  it('optional whitespace around the value is not part of it', async () => {
    // The worker's own socket: what a client's bytes look like when they reach workerd.
    const worker = await startOwnWorker({ distDir: inject('distDir') });
    try {
      const direct = await worker.mf.unsafeGetDirectURL();
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(direct.port), direct.hostname, () =>
          socket.write(
            'GET /api/v1/markets HTTP/1.1\r\nHost: localhost\r\ncf-connecting-ip: 198.18.20.250\r\nx-request-id: abcdefgh \t \r\nConnection: close\r\n\r\n',
          ),
        );
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(reply.split('\r\n\r\n')[0]!.split('\r\n')).toContain('x-request-id: abcdefgh');
    } finally {
      await worker.dispose();
    }
  });
});
