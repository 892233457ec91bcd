/**
 * The edge worker in workerd (miniflare) over the real build: the contract's headers, request
 * ids, 304s, pagination checked row by row against SQLite, filters, errors, rate limiting.
 * Each test speaks from its own client IP so the 60/min limit of one test never leaks into another.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, istanbulDay } from '../../core/dates.ts';
import { PUBLISHED_ROWS_SQL } from '../../build/price-rows.ts';
import { clientOf, expectErrorBody, sharedWorker, UUID } from '../support/worker.ts';

const worker = sharedWorker();
let db: Database.Database;

beforeAll(async () => {
  db = new Database(inject('dbPath'), { readonly: true });
});
afterAll(() => db?.close());

const client = () => clientOf(worker);

/** Ids of published rows in collection order, straight from SQLite. */
function sqlIds(where: string, params: unknown[] = []): string[] {
  return db
    .prepare(`${PUBLISHED_ROWS_SQL} ${where} ORDER BY o.data_day DESC, n.variant_slug, o.market_slug, o.id`)
    .all(...params)
    .map((r: any) => r.id as string);
}

describe('headers of a 200', () => {
  it('carries every header of the contract, with the endpoint cache values', async () => {
    const get = client();
    const r = await get('/api/v1/prices?product=domates-salkim&limit=3');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toMatch(UUID);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(59);
    expect(r.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=900, stale-while-revalidate=3600');
    expect(r.headers.get('link')).toContain('</api/v1/prices?product=domates-salkim&page=2&limit=3>; rel="next"');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const second = await get('/api/v1/markets');
    expect(second.headers.get('x-ratelimit-remaining')).toBe('58');
    expect(second.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=3600');
    expect((await get('/api/v1/openapi.json')).headers.get('cache-control')).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=600',
    );
  });

  it.each([
    ['abcdefgh', true],
    ['req:2026-11-21_01.x-y', true],
    ['a'.repeat(128), true],
    ['abcdefg', false],
    ['a'.repeat(129), false],
    ['has space 123', false],
    ['ümlaut-1234', false],
  ])('x-request-id %j is echoed: %s', async (sent, echoed) => {
    const r = await client()('/api/v1/markets', { headers: { 'x-request-id': sent } });
    if (echoed) expect(r.headers.get('x-request-id')).toBe(sent);
    else expect(r.headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers 304 with no body on a matching If-None-Match, on every endpoint', async () => {
    const get = client();
    const id = sqlIds('AND o.data_day = ?', ['2026-07-23'])[0]!;
    for (const path of [
      '/api/v1/markets',
      '/api/v1/prices/markets',
      '/api/v1/prices?city=izmir&page=3&limit=7',
      '/api/v1/prices/latest?category=sebze',
      '/api/v1/products?limit=5',
      `/api/v1/observations/${id}`,
      '/api/v1/openapi.json',
    ]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag')!;
      const again = await get(path, { headers: { 'if-none-match': etag, 'x-request-id': 'conditional-1' } });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(again.headers.get('x-request-id'), path).toBe('conditional-1');
      expect((await get(path, { headers: { 'if-none-match': '"other"' } })).status, path).toBe(200);
    }
  });

  it('gives the same ETag for the same body and a different one for another page', async () => {
    const get = client();
    const a = await get('/api/v1/prices?product=biber-sivri&limit=10');
    const b = await get('/api/v1/prices?product=biber-sivri&limit=10');
    const c = await get('/api/v1/prices?product=biber-sivri&limit=10&page=2');
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(a.headers.get('etag')).not.toBe(c.headers.get('etag'));
    expect(a.headers.get('etag')).toBe(`"${createHash('sha256').update(a.text).digest('hex').slice(0, 32)}"`);
  });
});

describe('/prices', () => {
  it('pages through a whole collection in SQLite order, with total, next and an empty page past the end', async () => {
    const get = client();
    const expected = sqlIds("AND n.variant_slug = 'biber-sivri'");
    const seen: string[] = [];
    let path: string | null = '/api/v1/prices?product=biber-sivri&limit=200';
    while (path) {
      const r = await get(path);
      const body = r.json();
      expect(body.meta.total).toBe(expected.length);
      expect(body.meta.count).toBe(body.items.length);
      seen.push(...body.items.map((i: any) => i.id));
      path = body.meta.next;
    }
    expect(seen).toEqual(expected);
    const lastPage = Math.ceil(expected.length / 200);
    const past = (await get(`/api/v1/prices?product=biber-sivri&limit=200&page=${lastPage + 1}`)).json();
    expect(past.items).toEqual([]);
    expect(past.meta).toEqual({ count: 0, limit: 200, page: lastPage + 1, total: null, next: null });
  });

  it('reads a page that spans two partitions', async () => {
    const expected = sqlIds('');
    const index = JSON.parse(readFileSync(`${inject('distDir')}/api/v1/_c/prices/all.json`, 'utf8'));
    const boundary: number = index.partitionEnds[0];
    // A page size that does not divide the boundary gives a page with rows on both sides of it.
    const limit = [200, 199, 197].find((l) => boundary % l !== 0)!;
    const page = Math.floor(boundary / limit) + 1;
    const from = (page - 1) * limit;
    expect(from).toBeLessThan(boundary);
    expect(from + limit).toBeGreaterThan(boundary);
    const body = (await client()(`/api/v1/prices?page=${page}&limit=${limit}`)).json();
    expect(body.items.map((i: any) => i.id)).toEqual(expected.slice(from, from + limit));
  });

  it('combines filters: a day, a city in any spelling, a category', async () => {
    // Adana publishes that day too: the city filter keeps İzmir's rows only.
    const expected = sqlIds(
      "AND o.data_day = '2026-07-23' AND o.market_slug LIKE 'izmir-%' AND n.variant_slug IN (SELECT v.slug FROM variants v JOIN products p ON p.slug = v.product_slug WHERE p.category_slug = 'meyve')",
    );
    for (const city of ['izmir', 'İzmir', 'IZMIR', 'İZMİR']) {
      const body = (
        await client()(`/api/v1/prices?city=${encodeURIComponent(city)}&category=meyve&date=2026-07-23&limit=200`)
      ).json();
      expect(body.meta.total, city).toBe(expected.length);
      expect(body.items.map((i: any) => i.id)).toEqual(expected);
      expect(
        body.items.every(
          (i: any) => i.categorySlug === 'meyve' && i.cityName === 'İzmir' && i.recordedDate === '2026-07-23',
        ),
      ).toBe(true);
    }
  });

  it('a product family covers its variants; market and city must agree', async () => {
    const get = client();
    const family = (await get('/api/v1/prices?product=domates&date=2026-07-23&limit=200')).json();
    const expected = sqlIds(
      "AND o.data_day = '2026-07-23' AND n.variant_slug IN (SELECT slug FROM variants WHERE product_slug = 'domates')",
    );
    expect(family.items.map((i: any) => i.id)).toEqual(expected);
    const agreeing = (
      await get('/api/v1/prices?product=domates&market=izmir-sebze-meyve&city=izmir&date=2026-07-23&limit=200')
    ).json();
    const izmirOnly = sqlIds(
      "AND o.data_day = '2026-07-23' AND o.market_slug = 'izmir-sebze-meyve' AND n.variant_slug IN (SELECT slug FROM variants WHERE product_slug = 'domates')",
    );
    expect(new Set(family.items.map((i: any) => i.marketSlug))).toEqual(
      new Set(['adana-sebze-meyve', 'izmir-sebze-meyve']),
    );
    expect(agreeing.items.map((i: any) => i.id)).toEqual(izmirOnly);
    const contradicting = (await get('/api/v1/prices?product=domates&market=izmir-sebze-meyve&city=ankara')).json();
    expect(contradicting.meta.total).toBe(0);
    const wrongCategory = (await get('/api/v1/prices?product=domates-salkim&category=meyve')).json();
    expect(wrongCategory.meta.total).toBe(0);
    const unknown = (await get('/api/v1/prices?product=no-such-thing')).json();
    expect(unknown).toMatchObject({ items: [], meta: { total: 0, next: null } });
    expect(unknown.attribution.length).toBeGreaterThan(0);
  });

  it('range counts back from today; invalid ranges count as 7 days, long ones as 3650', async () => {
    const get = client();
    const today = istanbulDay(new Date());
    const r3650 = (await get('/api/v1/prices?range=3650d&limit=1')).json();
    expect(r3650.meta.rangeDays).toBe(3650);
    expect(r3650.meta.total).toBe(
      sqlIds('AND o.data_day >= ? AND o.data_day <= ?', [addDays(today, -3649), today]).length,
    );
    expect((await get('/api/v1/prices?range=99999d&limit=1')).json().meta.rangeDays).toBe(3650);
    for (const invalid of ['abc', '7', '0d', '-5d', '1.5d']) {
      const body = (await get(`/api/v1/prices?range=${invalid}`)).json();
      expect(body.meta.rangeDays, invalid).toBe(7);
      expect(body.meta.total).toBe(sqlIds('AND o.data_day >= ?', [addDays(today, -6)]).length);
    }
  });

  it('rows link to their evidence, which names the real file and its sha256', async () => {
    const row = (await client()('/api/v1/prices?product=domates-salkim&date=2015-06-10')).json().items[0];
    const record = (await client()(row.observationUrl)).json();
    expect(record).toMatchObject({
      id: row.id,
      dataDate: '2015-06-10',
      avgPrice: row.avgPrice,
      minPrice: row.minPrice,
      maxPrice: row.maxPrice,
      productSlug: 'domates-salkim',
    });
    expect(record.document.url).toBe(row.documentUrl);
    expect(record.document.parser).toBe('izmir-year-csv');
    const file = readFileSync('data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari_2015.csv');
    expect(record.document.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    expect(record.document.bytes).toBe(file.byteLength);
    expect(file.toString('utf8').split('\n')[Number(record.printed.location.replace('line ', '')) - 1]).toBe(
      record.printed.row,
    );
  });
});

describe('other endpoints', () => {
  it('/prices/markets is the same response as /markets', async () => {
    const get = client();
    const a = await get('/api/v1/markets');
    const b = await get('/api/v1/prices/markets');
    expect(b.text).toBe(a.text);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    const markets = a.json();
    expect(markets.items.map((m: any) => m.slug)).toEqual(
      db.prepare('SELECT slug FROM markets ORDER BY slug').pluck().all(),
    );
    const bySlug = (slug: string) => markets.items.find((m: any) => m.slug === slug);
    expect(bySlug('izmir-sebze-meyve')).toMatchObject({
      last_observed_date: '2026-07-23',
      freshness: 'stale',
      isStale: true,
      expected_days: 'Mon,Tue,Wed,Thu,Fri,Sat',
    });
    expect(bySlug('izmir-balik')).toMatchObject({
      last_observed_date: null,
      product_count: 0,
      freshness: 'unavailable',
      warnings: ['no_data'],
    });
    expect(bySlug('konya-sebze-meyve')).toMatchObject({
      status: 'unverified',
      last_observed_date: null,
      freshness: 'unavailable',
    });
  });

  it('/prices/latest gives one row per variant with its own day; filters by product and category', async () => {
    const get = client();
    const all = (await get('/api/v1/prices/latest')).json();
    const variants = db
      .prepare('SELECT count(DISTINCT variant_slug) FROM source_names WHERE variant_slug IS NOT NULL')
      .pluck()
      .get();
    expect(all.items.length).toBe(variants);
    expect(all.meta.newest).toBe(
      db
        .prepare(
          'SELECT max(data_day) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL',
        )
        .pluck()
        .get(),
    );
    const salkim = all.items.find((i: any) => i.slug === 'domates-salkim');
    // domates-salkim: its newest day and the median of each market's latest price in the 7 days before.
    const newest = db
      .prepare(
        `SELECT max(o.data_day) FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug = 'domates-salkim'`,
      )
      .pluck()
      .get() as string;
    const latestPerMarket = db
      .prepare(`SELECT o.market_slug, o.avg_price FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE n.variant_slug = 'domates-salkim' AND o.data_day > date(?, '-7 days') ORDER BY o.data_day DESC, o.id`)
      .all(newest) as { market_slug: string; avg_price: number }[];
    const seen = new Map<string, number>();
    for (const r of latestPerMarket) if (!seen.has(r.market_slug)) seen.set(r.market_slug, r.avg_price);
    const values = [...seen.values()].sort((a, b) => a - b);
    const mid = values.length >> 1;
    const median = values.length % 2 ? values[mid] : (values[mid - 1]! + values[mid]!) / 2;
    expect(salkim).toMatchObject({
      observed_date: newest,
      median: Math.round(median! * 100) / 100,
      market_count: seen.size,
    });
    const family = (await get('/api/v1/prices/latest?product=domates')).json();
    expect(family.items.every((i: any) => i.slug.startsWith('domates-'))).toBe(true);
    expect(
      (await get('/api/v1/prices/latest?category=meyve')).json().items.every((i: any) => i.category === 'meyve'),
    ).toBe(true);
    expect((await get('/api/v1/prices/latest?product=domates-salkim&category=sebze')).json().items).toHaveLength(1);
    expect((await get('/api/v1/prices/latest?product=domates-salkim&category=meyve')).json().items).toHaveLength(0);
  });

  it('/products pages through every catalogue variant', async () => {
    const get = client();
    const variants = db.prepare('SELECT slug FROM variants ORDER BY slug').pluck().all();
    const seen: string[] = [];
    let path: string | null = '/api/v1/products?limit=500';
    while (path) {
      const body = (await get(path)).json();
      expect(body.meta).toMatchObject({ total: variants.length, limit: 500 });
      seen.push(...body.items.map((i: any) => i.slug));
      path = body.meta.next;
    }
    expect(seen).toEqual(variants);
    expect((await get('/api/v1/products?limit=100000')).json().meta.limit).toBe(500);
    const page2 = await get('/api/v1/products?limit=10&page=2');
    expect(page2.json().items.map((i: any) => i.slug)).toEqual(seen.slice(10, 20));
    expect(page2.headers.get('link')).toContain('</api/v1/products?page=3&limit=10>; rel="next"');
  });
});

describe('errors', () => {
  it.each([
    ['/api/v1/prices?date=2026-02-30', 400, 'INVALID_DATE'],
    ['/api/v1/prices?date=yesterday', 400, 'INVALID_DATE'],
    ['/api/v1/prices?page=0', 400, 'INVALID_PAGE'],
    ['/api/v1/prices?page=-3', 400, 'INVALID_PAGE'],
    ['/api/v1/prices?page=abc', 400, 'INVALID_PAGE'],
    ['/api/v1/prices?limit=0', 400, 'INVALID_LIMIT'],
    ['/api/v1/products?limit=1e3', 400, 'INVALID_LIMIT'],
    ['/api/v1/observations/not-a-uuid', 400, 'INVALID_ID'],
    ['/api/v1/observations/3f1c2f9a-5b7e-4c1d-9a2b-6f0e1d2c3b4a', 404, 'NOT_FOUND'],
    ['/api/v1/observations/019f8c45-9c00-8001-8000-000000000000', 404, 'NOT_FOUND'],
    ['/api/v1/no-such-endpoint', 404, 'NOT_FOUND'],
    ['/elsewhere', 404, 'NOT_FOUND'],
  ])('%s → %i %s', async (path, status, code) => {
    expectErrorBody(await client()(path, { headers: { 'x-request-id': 'err-check-001' } }), status, code);
  });

  it('refuses other methods with 405 and answers CORS preflights', async () => {
    const get = client();
    const post = await get('/api/v1/prices', { method: 'POST' });
    expectErrorBody(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const options = await get('/api/v1/prices', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-headers': 'x-request-id' },
    });
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-headers')).toContain('x-request-id');
  });

  it('HEAD answers the headers without a body', async () => {
    const r = await client()('/api/v1/markets', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('etag')).toMatch(/^"/);
  });

  it('huge page and limit fall back, never 500', async () => {
    const get = client();
    expect((await get('/api/v1/prices?page=999999999999&limit=5')).json().meta).toMatchObject({
      total: null,
      count: 0,
    });
    expect((await get('/api/v1/prices?limit=99999999')).json().meta.limit).toBe(200);
    expect((await get('/api/v1/prices?page=9999999999999999999')).json().meta).toMatchObject({ total: null, count: 0 });
  });
});

describe('rate limiting: 60 requests per minute per IP, one counter per IP', () => {
  it('refuses the 61st request with 429, Retry-After 60 and RATE_LIMITED; another IP is not affected', async () => {
    const get = client();
    const answers = await Promise.all(Array.from({ length: 70 }, () => get('/api/v1/openapi.json')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expectErrorBody(r, 429, 'RATE_LIMITED');
      expect(r.headers.get('retry-after')).toBe('60');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    expect(
      new Set(answers.filter((a) => a.status === 200).map((a) => a.headers.get('x-ratelimit-remaining'))),
    ).toHaveProperty('size', 60);
    expect((await client()('/api/v1/openapi.json')).status).toBe(200);
  });
});
