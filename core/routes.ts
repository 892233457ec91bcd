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

export const ROUTES: readonly RouteSpec[] = [
  {
    path: '/prices',
    operationId: 'listPrices',
    summary: 'Price rows per market and product (filters combine)',
    cache: { sMaxAge: 900, staleWhileRevalidate: 3600 },
    statuses: [400, 429, 500],
    paging: { default: 50, max: 200 },
    json: true,
  },
  {
    path: '/prices/latest',
    operationId: 'latestPrices',
    summary: 'Newest national indicator per product, each row with its own day',
    cache: { sMaxAge: 900, staleWhileRevalidate: 3600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/prices/markets',
    operationId: 'listMarketsLegacy',
    summary: 'Markets (legacy address of /markets, same response)',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/products',
    operationId: 'listProducts',
    summary: 'Product variants with their latest national indicator',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 429, 500],
    paging: { default: 100, max: 500 },
    json: true,
  },
  {
    path: '/markets',
    operationId: 'listMarkets',
    summary: 'Markets with their source, status and freshness',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/prices/history/{slug}',
    operationId: 'productHistory',
    summary: "A product's prices per market over time, by day, week or month",
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 429, 500],
    paging: { default: 100, max: 1000 },
    json: true,
  },
  {
    path: '/prices/export',
    operationId: 'exportPrices',
    summary: 'Price rows as CSV (every filter of /prices; latest=1; locale=tr)',
    cache: { sMaxAge: 0, staleWhileRevalidate: 0 },
    statuses: [400, 429, 500],
    maxRows: 20_000,
    json: false,
    conditional: false,
  },
  {
    path: '/products/search',
    operationId: 'searchProducts',
    summary: 'Products by name and by the names sources print (Turkish folding)',
    cache: { sMaxAge: 300, staleWhileRevalidate: 600 },
    statuses: [400, 429, 500],
    limit: { default: 20, max: 50 },
    json: true,
  },
  {
    path: '/products/{slug}/aliases',
    operationId: 'productAliases',
    summary: 'The names sources print for a product variant or family, and how they are linked',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 404, 429, 500],
    json: true,
  },
  {
    path: '/search',
    operationId: 'search',
    summary: 'Products and markets by name (Turkish folding)',
    cache: { sMaxAge: 300, staleWhileRevalidate: 600 },
    statuses: [400, 429, 500],
    limit: { default: 20, max: 50 },
    json: true,
  },
  {
    path: '/health',
    operationId: 'health',
    summary: 'Installation status; 503 when a source is behind its schedule or data is synthetic',
    cache: { sMaxAge: 0, staleWhileRevalidate: 0 },
    statuses: [429, 500, 503],
    json: true,
  },
  {
    path: '/sources/status',
    operationId: 'sourcesStatus',
    summary: 'Every official source: status, health, reasons, days behind, freshness',
    cache: { sMaxAge: 60, staleWhileRevalidate: 300 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/search-index',
    operationId: 'searchIndex',
    summary: 'Product, market, city and firm names for quick search',
    cache: { sMaxAge: 300, staleWhileRevalidate: 600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/index/latest',
    operationId: 'indexLatest',
    summary: 'The weekly basket index: its latest closed week, the week before and the change; the municipal indexes',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/index/history',
    operationId: 'indexHistory',
    summary: 'The weekly basket index week by week (range, from, to; series=real for the CPI-deflated series)',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 429, 500],
    json: true,
  },
  {
    path: '/index/basket',
    operationId: 'indexBasket',
    summary: 'The 15 products of the index basket and the catalogue variants each one counts',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [429, 500],
    json: true,
  },
  {
    path: '/index/{slug}',
    operationId: 'indexSeries',
    summary:
      'One index (ulusal or a province) as a series, nominal and real; 409 while a municipal index is not published',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 404, 409, 429, 500],
    json: true,
  },
  {
    path: '/prices/trending',
    operationId: 'trendingPrices',
    summary: 'The products quoted most often in the 7 days ending at the newest data day',
    cache: { sMaxAge: 600, staleWhileRevalidate: 600 },
    statuses: [400, 429, 500],
    limit: { default: 20, max: 100 },
    json: true,
  },
  {
    path: '/prices/weekly-summary',
    operationId: 'weeklySummary',
    summary: 'Top risers and fallers of a closed ISO week against the week before',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 429, 500],
    json: true,
  },
  {
    path: '/observations/{id}',
    operationId: 'getObservation',
    summary: 'Evidence for one price: document, fetch moment, sha256, parser, printed row',
    cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 },
    statuses: [400, 404, 429, 500],
    json: true,
  },
  {
    path: '/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This OpenAPI 3.1 document',
    cache: { sMaxAge: 300, staleWhileRevalidate: 600 },
    statuses: [429, 500],
    json: true,
  },
];

/** Human pages (not part of /api/v1): served by the same worker, with the same headers and limit. */
export type PageSpec = { path: string; key: string; cache: CacheValues };
export const PAGES: readonly PageSpec[] = [
  { path: '/data-health', key: DATA_HEALTH_PAGE_PATH, cache: { sMaxAge: 60, staleWhileRevalidate: 300 } },
  { path: '/api-policy', key: API_POLICY_PAGE_PATH, cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 } },
  // The widgets' listing page: a hand-written file of public/ (build/pages/public.ts).
  { path: '/widgets', key: `${PAGES_PREFIX}widgets.html`, cache: { sMaxAge: 3600, staleWhileRevalidate: 3600 } },
  // Browsers ask every page's origin for /favicon.ico: a small icon instead of a 404 (which is never cached).
  { path: '/favicon.ico', key: `${PAGES_PREFIX}favicon.ico`, cache: { sMaxAge: 86400, staleWhileRevalidate: 86400 } },
];

/**
 * Widget pages for iframes: rendered by the worker with their data in them (edge/routes/widgets.ts),
 * so one view is one request; kept by the CDN per URL as long as /prices/latest.
 */
export type WidgetSpec = { path: string; widget: 'prices' | 'index'; cache: CacheValues };
export const WIDGETS: readonly WidgetSpec[] = [
  { path: '/widgets/prices', widget: 'prices', cache: { sMaxAge: 900, staleWhileRevalidate: 3600 } },
  { path: '/widgets/index', widget: 'index', cache: { sMaxAge: 900, staleWhileRevalidate: 3600 } },
];

export const RATE_LIMIT = { requests: 60, windowSeconds: 60 } as const;
/** How long a request waits for the rate limiter before it is served uncounted (the limiter fails open: edge/limit.ts). */
export const LIMITER_TIMEOUT_MS = 1_000;
/**
 * Widget pages are counted apart from the API, per IP: many visitors of one embedding page share
 * an address behind carrier NAT, and each view is one request (the keyless rate of the variant).
 */
export const WIDGET_RATE_LIMIT = { requests: 600, windowSeconds: 60 } as const;

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
