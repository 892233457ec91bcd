/** The contract's paths → handlers: every route, its path parameters, and what does not match. */
import { describe, expect, it } from 'vitest';
import { PAGES, ROUTES, WIDGETS } from '../core/routes.ts';
import type { RouteContext } from './answer/context.ts';
import { ApiError } from './answer/errors.ts';
import { productAliases } from './routes/aliases.ts';
import { exportPrices } from './routes/export.ts';
import { productForecast } from './routes/forecast.ts';
import { compatProductForecast } from './routes/compat/forecast.ts';
import { health } from './routes/health.ts';
import { productHistory } from './routes/history.ts';
import { indexBasket, indexHistory, indexLatest, indexSeries } from './routes/basket-index.ts';
import { trendingPrices, weeklySummary } from './routes/movers.ts';
import { latestPrices } from './routes/latest.ts';
import { getObservation } from './routes/observations.ts';
import { listPrices } from './routes/prices.ts';
import { listProducts } from './routes/products.ts';
import { combinedSearch, productSearch } from './routes/search.ts';
import { WIDGET_ROUTES } from './routes/widgets.ts';
import { matchPage, matchRoute } from './router.ts';
import type { StoredObject } from './origin/object.ts';

/** A stored JSON object as these routes read it: its `text`, and empty bytes. */
const storedJson = (key: string, text: string): StoredObject => ({
  etag: `"${key}"`,
  contentType: 'application/json; charset=utf-8',
  encoding: null,
  raw: () => new Uint8Array(),
  body: null,
  text: async () => text,
  bytes: async () => new Uint8Array(),
  lines: async () => new Uint8Array(),
  discard: async () => {},
});

/** The key a stored route reads, by running it against an origin that has one object for every key. */
async function keyRead(handler: (ctx: RouteContext) => Promise<unknown>): Promise<string[]> {
  const keys: string[] = [];
  const origin = { get: async (key: string) => (keys.push(key), storedJson(key, '{}')) };
  const url = new URL('http://x/');
  await handler({ url, params: url.searchParams, origin, today: '2026-11-21', pathParams: {}, codings: [] });
  return keys;
}

/** An origin with the objects the `limit` routes read, each longer than any limit. */
const LONG = 300;
function longListOrigin() {
  const objects: Record<string, unknown> = {
    'api/v1/prices/trending.json': {
      items: Array.from({ length: LONG }, (_, i) => ({ productSlug: `p${i}` })),
      meta: { count: LONG, limit: LONG, total: LONG, from: null, to: null },
    },
    'api/v1/_meta/search.json': {
      products: Array.from({ length: LONG }, (_, i) => {
        return [`domates-${i}`, `Domates ${i}`, 'domates', 'sebze', 'kg', null, `domates ${i}`, []];
      }),
      markets: Array.from({ length: LONG }, (_, i) => {
        return [`domates-hali-${i}`, `Domates Hali ${i}`, 'izmir', `domates hali ${i}`, 'izmir'];
      }),
      attribution: '',
    },
  };
  return { get: async (key: string) => (key in objects ? storedJson(key, JSON.stringify(objects[key])) : null) };
}

async function limitOf(path: string, query: string): Promise<number> {
  const url = new URL(`http://x/api/v1${path}?q=domates&${query}`);
  const route = matchRoute(path)!;
  const answer = await route.handler({
    url,
    params: url.searchParams,
    origin: longListOrigin(),
    today: '2026-11-21',
    pathParams: {},
    codings: [],
  });
  return (JSON.parse(answer.body as string) as { meta: { limit: number } }).meta.limit;
}

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('API routes', () => {
  it.each([
    ['/prices', listPrices],
    ['/prices/latest', latestPrices],
    ['/products', listProducts],
    ['/prices/export', exportPrices],
    ['/products/search', productSearch],
    ['/search', combinedSearch],
    ['/health', health],
    ['/index/latest', indexLatest],
    ['/index/history', indexHistory],
    ['/index/basket', indexBasket],
    ['/prices/trending', trendingPrices],
    ['/prices/weekly-summary', weeklySummary],
  ])('%s has its handler and no path parameters', (path, handler) => {
    const route = matchRoute(path);
    expect(route?.handler).toBe(handler);
    expect(route?.pathParams).toEqual({});
    expect(route?.spec).toBe(ROUTES.find((r) => r.path === path));
  });

  it.each([
    ['/prices/history/domates', productHistory, { slug: 'domates' }],
    ['/products/sivri-biber/aliases', productAliases, { slug: 'sivri-biber' }],
    ['/index/ulusal', indexSeries, { slug: 'ulusal' }],
    ['/prices/forecast/domates-salkim', productForecast, { slug: 'domates-salkim' }],
    ['/compat/prices/forecast/domates-salkim', compatProductForecast, { productSlug: 'domates-salkim' }],
    [
      '/observations/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      getObservation,
      { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' },
    ],
  ])('%s has its handler and its path parameter', (path, handler, pathParams) => {
    expect(matchRoute(path)).toMatchObject({ handler, pathParams });
  });

  it('a path parameter is percent-decoded', () => {
    expect(matchRoute('/prices/history/%C3%A7ilek')?.pathParams).toEqual({ slug: 'çilek' });
  });

  it('a path parameter that is not percent-encoded UTF-8 is a 400 naming it', () => {
    for (const segment of ['%E0%A4%A', '%zz', '%ff']) {
      const error = thrownBy(() => matchRoute(`/prices/history/${segment}`));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 400,
        code: 'INVALID_PARAMETER',
        details: { parameter: 'slug', value: segment, expected: 'percent-encoded UTF-8' },
      });
    }
    expect(thrownBy(() => matchRoute(`/prices/history/%ff${'a'.repeat(100)}`))).toMatchObject({
      details: { value: `%ff${'a'.repeat(61)}` },
    });
  });

  it.each([
    ['/markets', 'api/v1/markets.json'],
    ['/prices/markets', 'api/v1/markets.json'],
    ['/openapi.json', 'api/v1/openapi.json'],
    ['/search-index', 'api/v1/search-index.json'],
    ['/sources/status', 'api/v1/sources/status.json'],
  ])('%s answers the stored object %s', async (path, key) => {
    expect(await keyRead(matchRoute(path)!.handler)).toEqual([key]);
  });

  it.each([
    '/',
    '/price',
    '/pricesx',
    '/x/prices',
    '/prices/',
    '/prices/history',
    '/prices/history/a/b',
    '/prices/forecast',
    '/prices/forecast/',
    '/prices/forecast/refused/domates-salkim',
    '/products//aliases',
    '/openapixjson',
    '/api/v1/prices',
  ])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('the literal routes win over a slug that spells them', () => {
    expect(matchRoute('/index/latest')?.handler).toBe(indexLatest);
    expect(matchRoute('/index/basket')?.handler).toBe(indexBasket);
  });
});

describe('the `limit` of a route that is not paged, by the rule of paged ones', () => {
  const limited = ROUTES.filter((r) => r.limit).map((r) => [r.path, r.limit!] as const);

  it('covers search and trending', () => {
    expect(limited.map(([path]) => path)).toEqual(['/products/search', '/search', '/prices/trending']);
  });

  it.each(limited)('%s: the default when absent, clamped to the maximum however long', async (path, limits) => {
    expect(await limitOf(path, '')).toBe(limits.default);
    expect(await limitOf(path, 'limit=1')).toBe(1);
    expect(await limitOf(path, `limit=${limits.max + 1}`)).toBe(limits.max);
    expect(await limitOf(path, 'limit=1234567')).toBe(limits.max);
    expect(await limitOf(path, `limit=${'9'.repeat(30)}`)).toBe(limits.max);
  });

  it.each(limited)('%s: not a whole number ≥ 1 is INVALID_LIMIT, naming the maximum', async (path, limits) => {
    for (const value of ['0', '-1', 'abc', '2.5']) {
      await expect(limitOf(path, `limit=${value}`)).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_LIMIT',
        details: { parameter: 'limit', value, max: limits.max },
      });
    }
  });
});

describe('pages', () => {
  it.each(PAGES.map((p) => [p.path, p]))('%s is its stored page', async (path, page) => {
    const route = matchPage(path)!;
    expect(route.spec).toEqual({ cache: page.cache });
    expect(route.pathParams).toEqual({});
    expect(await keyRead(route.handler)).toEqual([page.key]);
  });

  it.each(WIDGETS.map((w) => [w.path, w]))('%s is its widget', (path, widget) => {
    expect(matchPage(path)).toEqual({
      spec: { cache: widget.cache },
      handler: WIDGET_ROUTES[widget.widget],
      pathParams: {},
    });
  });

  it.each(['/prices', '/widgets/nope', '/data-health/x', '/DATA-HEALTH'])('%s is no page', (path) => {
    expect(matchPage(path)).toBeNull();
  });
});
