/**
 * The compatibility prefix's trending, weekly summary, basket index and markets, written from
 * the variant text of the specification ("Additional operations and variant shapes") and the
 * issue's bullets, one `describe` per bullet: under workerd over the suite's real build, each
 * answer against its zod schema and the served OpenAPI document, its keys exactly (no main-contract
 * key the variant does not list), decimal strings, defaults, limits and cache values, and its
 * figures against the main API's answer to the same question.
 */
import { describe, expect, it } from 'vitest';
import { BASKET } from '../../build/basket-index/basket.ts';
import { addDays, isoWeek } from '../../core/dates.ts';
import { slugify } from '../../core/turkish.ts';
import { CompatIndexBasket, CompatIndexHistory, CompatIndexLatest } from '../../schemas/compat/basket-index.ts';
import { CompatMarkets } from '../../schemas/compat/markets.ts';
import { CompatTrending, CompatWeeklySummary } from '../../schemas/compat/movers.ts';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody, type Reply } from '../support/worker.ts';

const served = servedApi('198.18.125');
const { client } = served;
const main = async (path: string) => (await client()(`/api/v1${path}`)).json();
const compat = (path: string, headers: Record<string, string> = {}) => client()(`/api/v1/compat${path}`, { headers });

const DECIMAL = /^\d+\.\d{2}$/;
const cacheOf = (sMaxAge: number, swr: number) =>
  `public, max-age=${Math.min(300, sMaxAge)}, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`;
const FIVE_MINUTES = cacheOf(300, 600);
const TEN_MINUTES = cacheOf(600, 600);
const HOUR = cacheOf(3600, 3600);

/** A 200 with the route's cache value, valid against the served OpenAPI document; its body. */
function ok(r: Reply, path: string, cacheControl: string): any {
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  expect(r.headers.get('cache-control')).toBe(cacheControl);
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = r.json();
  served.api.expectValid(`/compat${path}`, body);
  return body;
}

describe('GET …/prices/trending: an array (the variant shape), limit default 20', () => {
  it('a bare array of the six keys, decimal strings and a number, 20 by default, cached 10 minutes', async () => {
    const body = ok(await compat('/prices/trending'), '/prices/trending', TEN_MINUTES);
    CompatTrending.parse(body);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(20);
    for (const item of body) {
      expect(Object.keys(item)).toEqual([
        'productSlug',
        'productName',
        'avgPrice',
        'minPrice',
        'maxPrice',
        'recordCount',
      ]);
      for (const key of ['avgPrice', 'minPrice', 'maxPrice']) expect(item[key]).toMatch(DECIMAL);
      expect(Number(item.minPrice)).toBeLessThanOrEqual(Number(item.avgPrice));
      expect(Number(item.avgPrice)).toBeLessThanOrEqual(Number(item.maxPrice));
      expect(Number.isInteger(item.recordCount)).toBe(true);
    }
  });

  it('the same ranking and figures as the main /prices/trending, cut to limit (at most 100)', async () => {
    const all = (await main('/prices/trending?limit=100')).items;
    expect(all.length).toBeGreaterThan(20);
    const expected = all.map((i: any) => ({
      productSlug: i.productSlug,
      productName: i.productName,
      avgPrice: i.avgPrice,
      minPrice: i.minPrice,
      maxPrice: i.maxPrice,
      recordCount: i.recordCount,
    }));
    expect(ok(await compat('/prices/trending?limit=100'), '/prices/trending', TEN_MINUTES)).toEqual(expected);
    expect((await compat('/prices/trending')).json()).toEqual(expected.slice(0, 20));
    expect((await compat('/prices/trending?limit=5')).json()).toEqual(expected.slice(0, 5));
    expect((await compat('/prices/trending?limit=1000')).json()).toEqual(expected.slice(0, 100));
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('limit=%j gets the error body (400 INVALID_LIMIT)', async (limit) => {
    expectErrorBody(await compat(`/prices/trending?limit=${limit}`), 400, 'INVALID_LIMIT');
  });
});

describe('GET …/prices/weekly-summary: {week, weekStart, weekEnd, topRisers, topFallers}', () => {
  const KEYS = ['week', 'weekStart', 'weekEnd', 'topRisers', 'topFallers'];

  it('default: the last completed week, exactly the five keys, the main summary’s week and lists', async () => {
    const body = ok(await compat('/prices/weekly-summary'), '/prices/weekly-summary', HOUR);
    CompatWeeklySummary.parse(body);
    expect(Object.keys(body)).toEqual(KEYS);
    const mainBody = await main('/prices/weekly-summary');
    expect(body).toEqual({
      week: mainBody.week,
      weekStart: mainBody.weekStart,
      weekEnd: mainBody.weekEnd,
      topRisers: mainBody.topRisers,
      topFallers: mainBody.topFallers,
    });
    // The real archive ends months before the build day: its newest closed week with data.
    expect(body.week).toBe(isoWeek(body.weekStart).week);
    expect(body.weekEnd).toBe(addDays(body.weekStart, 6));
    expect(body.weekEnd < '2026-11-16').toBe(true);
    expect(body.topRisers.length + body.topFallers.length).toBeGreaterThan(0);
  });

  it('week=YYYY-WW: that week’s risers and fallers, largest first, as the main operation lists them', async () => {
    const body = ok(await compat('/prices/weekly-summary?week=2025-30'), '/prices/weekly-summary', HOUR);
    const mainBody = await main('/prices/weekly-summary?week=2025-30');
    expect(Object.keys(body)).toEqual(KEYS);
    expect(body).toMatchObject({ week: '2025-30', weekStart: '2025-07-21', weekEnd: '2025-07-27' });
    expect(body.topRisers).toEqual(mainBody.topRisers);
    expect(body.topFallers).toEqual(mainBody.topFallers);
    expect(body.topRisers.length).toBeGreaterThan(0);
    const changes = body.topRisers.map((m: any) => m.change);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect(body.topFallers.every((m: any) => m.change < 0)).toBe(true);
  });

  it('a week without data: the five keys with empty lists', async () => {
    const body = ok(await compat('/prices/weekly-summary?week=2010-10'), '/prices/weekly-summary', HOUR);
    expect(body).toEqual({
      week: '2010-10',
      weekStart: '2010-03-08',
      weekEnd: '2010-03-14',
      topRisers: [],
      topFallers: [],
    });
  });

  it.each(['2025-53', '2026-7', 'abc', '2026-00'])('week=%j gets the error body (400 INVALID_PARAMETER)', async (w) => {
    expectErrorBody(await compat(`/prices/weekly-summary?week=${w}`), 400, 'INVALID_PARAMETER');
  });
});

describe('GET …/index/latest: {indexWeek, indexValue, baseWeek, basketAvg, productsCount, weekStart, weekEnd}', () => {
  it('exactly the seven keys, decimal strings, the 15-product basket, cached 5 minutes', async () => {
    const body = ok(await compat('/index/latest'), '/index/latest', FIVE_MINUTES);
    CompatIndexLatest.parse(body);
    expect(Object.keys(body)).toEqual([
      'indexWeek',
      'indexValue',
      'baseWeek',
      'basketAvg',
      'productsCount',
      'weekStart',
      'weekEnd',
    ]);
    expect(body.indexValue).toMatch(DECIMAL);
    expect(body.basketAvg).toMatch(DECIMAL);
    expect(body.indexWeek).toMatch(/^\d{4}-\d{2}$/);
    expect(typeof body.productsCount).toBe('number');
    expect(body.productsCount).toBeLessThanOrEqual(15);
    expect(BASKET).toHaveLength(15);
  });

  it('the values of the main /index/latest: week, value as a decimal string, base week, members', async () => {
    const body = (await compat('/index/latest')).json();
    const { index, latest } = await main('/index/latest');
    expect(body).toMatchObject({
      indexWeek: latest.week,
      indexValue: latest.value.toFixed(2),
      baseWeek: index.base_week,
      productsCount: latest.member_count,
      weekStart: latest.week_start,
      weekEnd: latest.week_end,
    });
    expect(Number(body.indexValue)).toBe(latest.value);
  });

  it('basketAvg: the mean of the basket products’ national median weekly prices, from SQLite', async () => {
    const body = (await compat('/index/latest')).json();
    // Every product is counted in the archive's newest week: its median over all its series (variant × market).
    expect(body.productsCount).toBe(15);
    expect(Number(body.basketAvg)).toBeCloseTo(basketAvgFromSql(body.weekStart, body.weekEnd), 2);
  });
});

describe('GET …/index/history: array of {indexWeek, indexValue, basketAvg, productsCount}; weeks 26, max 104', () => {
  it('26 weeks by default, oldest first, the newest being /index/latest’s, cached 5 minutes', async () => {
    const body = ok(await compat('/index/history'), '/index/history', FIVE_MINUTES);
    CompatIndexHistory.parse(body);
    expect(body).toHaveLength(26);
    for (const w of body) {
      expect(Object.keys(w)).toEqual(['indexWeek', 'indexValue', 'basketAvg', 'productsCount']);
      expect(w.indexValue).toMatch(DECIMAL);
      expect(w.basketAvg).toMatch(DECIMAL);
      expect(Number.isInteger(w.productsCount)).toBe(true);
    }
    const weeks = body.map((w: any) => w.indexWeek);
    expect([...weeks].sort()).toEqual(weeks);
    const latest = (await compat('/index/latest')).json();
    expect(body.at(-1)).toEqual({
      indexWeek: latest.indexWeek,
      indexValue: latest.indexValue,
      basketAvg: latest.basketAvg,
      productsCount: latest.productsCount,
    });
  });

  it('the main /index/history’s newest weeks, values as decimal strings', async () => {
    const items = (await main('/index/history')).items;
    expect(items.length).toBeGreaterThan(104);
    const body = ok(await compat('/index/history?weeks=104'), '/index/history', FIVE_MINUTES);
    expect(body).toHaveLength(104);
    expect(body.map((w: any) => [w.indexWeek, w.indexValue, w.productsCount])).toEqual(
      items.slice(-104).map((w: any) => [w.week, w.value.toFixed(2), w.member_count]),
    );
  });

  it('weeks above 104 count as 104; a few weeks are the newest few', async () => {
    const all = (await compat('/index/history?weeks=104')).json();
    expect((await compat('/index/history?weeks=105')).json()).toEqual(all);
    expect((await compat('/index/history?weeks=100000')).json()).toEqual(all);
    expect((await compat('/index/history?weeks=3')).json()).toEqual(all.slice(-3));
    expect((await compat('/index/history?weeks=1')).json()).toEqual(all.slice(-1));
  });

  it.each(['0', '-1', '1.5', 'abc', ''])('weeks=%j gets the error body (400 INVALID_PARAMETER)', async (weeks) => {
    expectErrorBody(await compat(`/index/history?weeks=${weeks}`), 400, 'INVALID_PARAMETER');
  });
});

describe('GET …/index/basket: {basket: [{slug, label}]}', () => {
  it('exactly the basket key, the 15 products with slug and label, as the main /index/basket', async () => {
    const body = ok(await compat('/index/basket'), '/index/basket', HOUR);
    CompatIndexBasket.parse(body);
    expect(Object.keys(body)).toEqual(['basket']);
    expect(body.basket).toHaveLength(15);
    for (const item of body.basket) expect(Object.keys(item)).toEqual(['slug', 'label']);
    const mainBody = await main('/index/basket');
    expect(body.basket).toEqual(mainBody.basket.map((m: any) => ({ slug: m.slug, label: m.label })));
    expect(body.basket.map((m: any) => m.slug)).toEqual(BASKET.map((m) => m.slug));
  });
});

describe('GET …/markets: array of {id, name, slug, city, isActive}, active markets only, city filter', () => {
  /** The main /markets items that are active halls: collection open and not stopped, with a price day. */
  const activeOf = (items: any[]) =>
    items.filter(
      (m) =>
        ['sebze-meyve', 'balik'].includes(m.kind) &&
        m.enabled &&
        !['blocked', 'broken', 'unreachable'].includes(m.status) &&
        m.last_observed_date !== null,
    );

  it('exactly the five keys, isActive true, stable UUIDs, the province as printed', async () => {
    const body = ok(await compat('/markets'), '/markets', HOUR);
    CompatMarkets.parse(body);
    expect(body.length).toBeGreaterThan(0);
    for (const m of body) {
      expect(Object.keys(m)).toEqual(['id', 'name', 'slug', 'city', 'isActive']);
      expect(m.isActive).toBe(true);
      expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(body.map((m: any) => m.id)).size).toBe(body.length);
    expect(body.find((m: any) => m.slug === 'izmir-sebze-meyve')).toMatchObject({
      id: '404f675b-203d-51f9-a018-37b1b249e121',
      city: 'İzmir',
      name: 'İzmir Sebze ve Meyve Toptancı Hali',
    });
  });

  it('active markets only: the main /markets halls that are collected and have a price day, in its order', async () => {
    const items = (await main('/markets')).items;
    const body = (await compat('/markets')).json();
    const active = activeOf(items);
    expect(active.length).toBeLessThan(items.length);
    expect(body.map((m: any) => [m.slug, m.name, m.city])).toEqual(active.map((m) => [m.slug, m.name, m.province]));
    // A market with no price day at all (İzmir's fish hall in this archive) and the national average are not listed.
    expect(items.some((m: any) => m.slug === 'izmir-balik' && m.last_observed_date === null)).toBe(true);
    expect(body.some((m: any) => m.slug === 'izmir-balik' || m.slug === 'hal-gov-tr-turkiye')).toBe(false);
  });

  it('city by name or plate code: 35, İzmir and IZMIR find İzmir; 06, 6 and Ankara find Ankara', async () => {
    const all = (await compat('/markets')).json();
    const of = (province: string) => all.filter((m: any) => slugify(m.city) === province);
    expect(of('izmir').length).toBeGreaterThan(0);
    expect(of('ankara').length).toBe(2);
    for (const city of ['35', '%C4%B0zmir', 'IZMIR', 'izmir']) {
      expect(ok(await compat(`/markets?city=${city}`), '/markets', HOUR), city).toEqual(of('izmir'));
    }
    for (const city of ['06', '6', 'Ankara'])
      expect((await compat(`/markets?city=${city}`)).json(), city).toEqual(of('ankara'));
    expect((await compat('/markets?city=Yozgat')).json()).toEqual([]);
    expect((await compat('/markets?city=66')).json()).toEqual([]);
    expect((await compat('/markets?city=')).json()).toEqual(all);
  });

  it.each(['0', '82', '99', '035'])(
    'city=%j, no plate code, gets the error body (400 INVALID_PARAMETER)',
    async (city) => {
      expectErrorBody(await compat(`/markets?city=${city}`), 400, 'INVALID_PARAMETER');
    },
  );
});

describe('the conventions every compatibility answer keeps', () => {
  it.each([
    '/prices/trending',
    '/prices/weekly-summary',
    '/index/latest',
    '/index/history',
    '/index/basket',
    '/markets',
    '/markets?city=35',
  ])('%s: 304 on a matching If-None-Match, and no main-contract key', async (path) => {
    const first = await compat(path);
    expect(first.status).toBe(200);
    const text = first.text;
    for (const key of ['attribution', 'freshness', 'isStale', 'dataDate', 'meta', 'items']) {
      expect(text, key).not.toContain(`"${key}"`);
    }
    const again = await compat(path, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});

/**
 * The basket's average in one week straight from SQLite: per series (variant × market) the mean of
 * its daily means, per product the median over its series, then the mean over the 15 products.
 * Municipal fruit-and-vegetable markets, each product in its unit, no implausible row.
 */
function basketAvgFromSql(monday: string, sunday: string): number {
  const rows = served.db
    .prepare(
      `SELECT n.variant_slug AS variant, v.product_slug AS product, v.unit AS variantUnit, o.unit,
              o.market_slug AS market, o.data_day AS day, avg(o.avg_price) AS price
       FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN variants v ON v.slug = n.variant_slug
         JOIN markets m ON m.slug = o.market_slug JOIN sources s ON s.key = m.source_key
       WHERE o.data_day BETWEEN ? AND ? AND m.kind = 'sebze-meyve' AND s.kind = 'municipal'
         AND instr(o.quality_flags, '"implausible_') = 0
       GROUP BY 1, 2, 3, 4, 5, 6`,
    )
    .all(monday, sunday) as {
    variant: string;
    product: string;
    variantUnit: string;
    unit: string;
    market: string;
    price: number;
  }[];
  const medians = BASKET.map((member) => {
    const series = new Map<string, number[]>();
    for (const r of rows) {
      const belongs = member.kind === 'variant' ? r.variant === member.slug : r.product === member.slug;
      if (!belongs || r.unit !== member.unit || r.variantUnit !== member.unit) continue;
      const key = `${r.variant}|${r.market}`;
      series.set(key, [...(series.get(key) ?? []), r.price]);
    }
    const weekly = [...series.values()]
      .map((days) => days.reduce((n, p) => n + p, 0) / days.length)
      .sort((a, b) => a - b);
    const mid = weekly.length >> 1;
    return weekly.length % 2 ? weekly[mid]! : (weekly[mid - 1]! + weekly[mid]!) / 2;
  });
  return medians.reduce((n, m) => n + m, 0) / medians.length;
}
