/**
 * The contract's endpoint table as data: paths, cache values (s-maxage / stale-while-revalidate
 * in seconds), page sizes and statuses. The edge routes and sets headers from it; the OpenAPI
 * document declares the same values as `x-cache`, so they cannot drift.
 */
import { API_POLICY_PAGE_PATH, DATA_HEALTH_PAGE_PATH, PAGES_PREFIX } from './objects.ts';

export type CacheValues = { sMaxAge: number; staleWhileRevalidate: number };
export type PageLimits = { default: number; max: number };

export type RouteSpec = {
  path: string;
  operationId: string;
  summary: string;
  cache: CacheValues;
  /**
   * statuses besides 200 and 304: the endpoint table's, and every other one the worker sends
   * (400 for a malformed path parameter or limit, 500 for a broken publication)
   */
  statuses: number[];
  paging?: PageLimits;
  /** `limit` of an endpoint that is not paged (search, trending): the same rule as paging's */
  limit?: PageLimits;
  /** the most rows one answer holds (the export): a larger selection is refused, not cut */
  maxRows?: number;
  /** the body is JSON (everything but the CSV export) */
  json: boolean;
  /** answers 304 on a matching If-None-Match (every endpoint but the export) */
  conditional?: boolean;
};

/** The CDN's cache values, named by how long it keeps an answer. */
export const NO_STORE: CacheValues = { sMaxAge: 0, staleWhileRevalidate: 0 };
const MINUTE: CacheValues = { sMaxAge: 60, staleWhileRevalidate: 300 };
export const FIVE_MINUTES: CacheValues = { sMaxAge: 300, staleWhileRevalidate: 600 };
export const TEN_MINUTES: CacheValues = { sMaxAge: 600, staleWhileRevalidate: 600 };
const QUARTER_HOUR: CacheValues = { sMaxAge: 900, staleWhileRevalidate: 3600 };
export const HOUR: CacheValues = { sMaxAge: 3600, staleWhileRevalidate: 3600 };
export const DAY: CacheValues = { sMaxAge: 86400, staleWhileRevalidate: 86400 };

type RouteOptions = Pick<RouteSpec, 'summary'> &
  Partial<Pick<RouteSpec, 'paging' | 'limit' | 'maxRows' | 'json' | 'conditional'>>;

/**
 * A JSON endpoint unless `options` say otherwise. `ownStatuses` are the endpoint's own; every
 * endpoint also sends 429 (rate limit) and 500 (broken publication).
 */
export function route(
  path: string,
  operationId: string,
  cache: CacheValues,
  ownStatuses: number[],
  { summary, ...options }: RouteOptions,
): RouteSpec {
  const statuses = [...ownStatuses, 429, 500].sort((a, b) => a - b);
  return { path, operationId, summary, cache, statuses, json: true, ...options };
}

export const ROUTES: readonly RouteSpec[] = [
  route('/prices', 'listPrices', QUARTER_HOUR, [400], {
    summary: 'Price rows per market and product (filters combine)',
    paging: { default: 50, max: 200 },
  }),
  route('/prices/latest', 'latestPrices', QUARTER_HOUR, [], {
    summary: 'Newest national indicator per product, each row with its own day',
  }),
  route('/prices/markets', 'listMarketsLegacy', HOUR, [], {
    summary: 'Markets (legacy address of /markets, same response)',
  }),
  route('/products', 'listProducts', HOUR, [400], {
    summary: 'Product variants with their latest national indicator',
    paging: { default: 100, max: 500 },
  }),
  route('/markets', 'listMarkets', HOUR, [], { summary: 'Markets with their source, status and freshness' }),
  route('/prices/history/{slug}', 'productHistory', HOUR, [400], {
    summary: "A product's prices per market over time, by day, week or month",
    paging: { default: 100, max: 1000 },
  }),
  route('/prices/export', 'exportPrices', NO_STORE, [400], {
    summary: 'Price rows as CSV (every filter of /prices; latest=1; locale=tr)',
    maxRows: 20_000,
    json: false,
    conditional: false,
  }),
  route('/products/search', 'searchProducts', FIVE_MINUTES, [400], {
    summary: 'Products by name and by the names sources print (Turkish folding)',
    limit: { default: 20, max: 50 },
  }),
  route('/products/{slug}/aliases', 'productAliases', HOUR, [400, 404], {
    summary: 'The names sources print for a product variant or family, and how they are linked',
  }),
  route('/search', 'search', FIVE_MINUTES, [400], {
    summary: 'Products and markets by name (Turkish folding)',
    limit: { default: 20, max: 50 },
  }),
  route('/health', 'health', NO_STORE, [503], {
    summary: 'Installation status; 503 when a source is behind its schedule or data is synthetic',
  }),
  route('/sources/status', 'sourcesStatus', MINUTE, [], {
    summary: 'Every official source: status, health, reasons, days behind, freshness',
  }),
  route('/search-index', 'searchIndex', FIVE_MINUTES, [], {
    summary: 'Product, market, city and firm names for quick search',
  }),
  route('/index/latest', 'indexLatest', HOUR, [], {
    summary: 'The weekly basket index: its latest closed week, the week before and the change; the municipal indexes',
  }),
  route('/index/history', 'indexHistory', HOUR, [400], {
    summary: 'The weekly basket index week by week (range, from, to; series=real for the CPI-deflated series)',
  }),
  route('/index/basket', 'indexBasket', HOUR, [], {
    summary: 'The 15 products of the index basket and the catalogue variants each one counts',
  }),
  route('/index/{slug}', 'indexSeries', HOUR, [400, 404, 409], {
    summary:
      'One index (ulusal or a province) as a series, nominal and real; 409 while a municipal index is not published',
  }),
  route('/prices/trending', 'trendingPrices', TEN_MINUTES, [400], {
    summary: 'The products quoted most often in the 7 days ending at the newest data day',
    limit: { default: 20, max: 100 },
  }),
  route('/prices/weekly-summary', 'weeklySummary', HOUR, [400], {
    summary: 'Top risers and fallers of a closed ISO week against the week before',
  }),
  route('/prices/forecast/{slug}', 'productForecast', HOUR, [400, 404, 422], {
    summary:
      "Experimental 7-publishing-day forecast of a variant's national indicator; 422 when its backtest fails the gate",
  }),
  route('/production', 'listProduction', DAY, [400], {
    summary: 'Yearly crop production in tonnes (TÜİK tables, province data): product, year, region, measure',
  }),
  route('/observations/{id}', 'getObservation', HOUR, [400, 404], {
    summary: 'Evidence for one price: document, fetch moment, sha256, parser, printed row',
  }),
  route('/openapi.json', 'getOpenApi', FIVE_MINUTES, [], { summary: 'This OpenAPI 3.1 document' }),
];

/** Human pages (not part of /api/v1): served by the same worker, with the same headers and limit. */
export type PageSpec = { path: string; key: string; cache: CacheValues };
export const PAGES: readonly PageSpec[] = [
  { path: '/data-health', key: DATA_HEALTH_PAGE_PATH, cache: MINUTE },
  { path: '/api-policy', key: API_POLICY_PAGE_PATH, cache: HOUR },
  // The widgets' listing page: a hand-written file of public/ (build/pages/public.ts).
  { path: '/widgets', key: `${PAGES_PREFIX}widgets.html`, cache: HOUR },
  // Browsers ask every page's origin for /favicon.ico: a small icon instead of a 404 (which is never cached).
  { path: '/favicon.ico', key: `${PAGES_PREFIX}favicon.ico`, cache: DAY },
];

/**
 * Widget pages for iframes: rendered by the worker with their data in them (edge/routes/widgets.ts),
 * so one view is one request; kept by the CDN per URL as long as /prices/latest.
 */
export type WidgetSpec = { path: string; widget: 'prices' | 'index'; cache: CacheValues };
export const WIDGETS: readonly WidgetSpec[] = [
  { path: '/widgets/prices', widget: 'prices', cache: QUARTER_HOUR },
  { path: '/widgets/index', widget: 'index', cache: QUARTER_HOUR },
];
/**
 * The price widget's rows: `limit` defaults to `default` (to `max` when products are chosen) and
 * counts as `max` above it; at most `slugs` chosen products. public/widgets.html states them.
 */
export const PRICES_WIDGET_LIMITS = { default: 10, max: 50, slugs: 20 } as const;

/** Risers and fallers each of /prices/weekly-summary: the build's cut and the edge's empty week say the same. */
export const WEEKLY_SUMMARY_LIMIT = 10;

/** `range=<days>d`: an invalid value counts as the default (the legacy contract), a longer one as the most. */
export const RANGE_DAYS = { default: 7, max: 3650 } as const;
/** /search's `q`: letters needed after Turkish folding (else 400), and the characters read of it. */
export const SEARCH_QUERY = { minLetters: 2, maxLength: 100 } as const;

export const RATE_LIMIT = { requests: 60, windowSeconds: 60 } as const;
/**
 * The limiter's objects: each counts the addresses whose hash falls to it (edge/limits/limiter-shard.ts).
 * A fixed set, not one object per address: a new address then costs a row, not a new object with
 * its own database. 64 objects at Cloudflare's ~1,000 requests/s per object carry far more than the
 * API's traffic, and a flood from one address slows only the 1/64 of clients that share its object.
 */
export const RATE_LIMIT_SHARDS = 64;
/**
 * Where the limiter's objects are created (a hint, used when an object is first made): near the
 * API's clients, who are mostly in Türkiye, rather than wherever the first request came from.
 */
export const LIMITER_LOCATION_HINT = 'eeur';
/** How long a request waits for the rate limiter before it is served uncounted (the limiter fails open: edge/limits/admission.ts). */
export const LIMITER_TIMEOUT_MS = 1_000;
/**
 * Widget pages are counted apart from the API, per IP: many visitors of one embedding page share
 * an address behind carrier NAT, and each view is one request (the keyless rate of the variant).
 */
export const WIDGET_RATE_LIMIT = { requests: 600, windowSeconds: 60 } as const;
/**
 * Snapshot files are counted apart too: a Parquet reader asks for a file's size, its footer and each
 * row group it needs, some four range requests per year file a query reads.
 */
export const SNAPSHOT_RATE_LIMIT = { requests: 600, windowSeconds: 60 } as const;

export function routeSpec(path: string): RouteSpec {
  const r = ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
}

/** Clients should keep responses at least five minutes (the contract); never longer than the CDN. */
export function cacheControl(cache: CacheValues): string {
  if (cache.sMaxAge === 0) return 'no-store';
  return `public, max-age=${Math.min(300, cache.sMaxAge)}, s-maxage=${cache.sMaxAge}, stale-while-revalidate=${cache.staleWhileRevalidate}`;
}
