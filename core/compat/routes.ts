/**
 * The compatibility prefix: every operation of the specification's variant section, served under
 * /api/v1/compat exactly as the variant describes it (decimal strings, bare arrays, its meta keys,
 * its defaults, limits and cache values), so that a client written for the earlier system changes
 * only its base URL. The main contract owns /api/v1 itself. Where the variant states no cache value,
 * the main table's value for the same path applies.
 */
import { DAY, FIVE_MINUTES, HOUR, NO_STORE, route, TEN_MINUTES, type PageLimits, type RouteSpec } from '../routes.ts';

/** Below /api/v1: `/api/v1/compat/prices` is the variant's `/prices`. */
export const COMPAT_PREFIX = '/compat';

/** The variant's /prices pages: `limit` at most 100 (its limits table), default 50 (the main /prices default). */
export const COMPAT_PRICES_PAGING: PageLimits = { default: 50, max: 100 };

/** `weeks` of the compatibility /index/history: the variant's default and maximum (above it counts as it). */
export const COMPAT_INDEX_WEEKS = { default: 26, max: 104 } as const;

export const COMPAT_ROUTES: readonly RouteSpec[] = [
  // Paged by COMPAT_PRICES_PAGING, not `paging`: the main paging's page links and null total are not the variant's.
  route(`${COMPAT_PREFIX}/prices`, 'compatListPrices', FIVE_MINUTES, [400], {
    summary: 'Variant shape of /prices: decimal strings, meta {total, page, limit, latestRecordedDate}',
  }),
  route(`${COMPAT_PREFIX}/prices/history/{productSlug}`, 'compatProductHistory', HOUR, [400], {
    summary: "Variant shape of a product's history: an array of {priceDate, avgPrice, minPrice, maxPrice}",
  }),
  route(`${COMPAT_PREFIX}/prices/export`, 'compatExportPrices', NO_STORE, [400], {
    summary: 'Variant CSV export: market_name, product_name, min_price, max_price, avg_price, unit, price_date',
    maxRows: 20_000,
    json: false,
    conditional: false,
  }),
  route(`${COMPAT_PREFIX}/prices/trending`, 'compatTrendingPrices', TEN_MINUTES, [400], {
    summary: 'Variant shape of /prices/trending: an array',
    limit: { default: 20, max: 100 },
  }),
  route(`${COMPAT_PREFIX}/prices/weekly-summary`, 'compatWeeklySummary', HOUR, [400], {
    summary: 'Variant shape of /prices/weekly-summary: {week, weekStart, weekEnd, topRisers, topFallers}',
  }),
  route(`${COMPAT_PREFIX}/prices/forecast/{productSlug}`, 'compatProductForecast', HOUR, [400, 404, 422], {
    summary: 'Variant shape of the forecast: {productSlug, predictions, validation}; 422 when the gate refuses',
  }),
  route(`${COMPAT_PREFIX}/index/latest`, 'compatIndexLatest', FIVE_MINUTES, [], {
    summary: 'Variant shape of /index/latest: the 15-product basket index of the latest closed week',
  }),
  route(`${COMPAT_PREFIX}/index/history`, 'compatIndexHistory', FIVE_MINUTES, [400], {
    summary: `Variant shape of /index/history: an array of the last \`weeks\` weeks (default ${COMPAT_INDEX_WEEKS.default}, at most ${COMPAT_INDEX_WEEKS.max})`,
  }),
  route(`${COMPAT_PREFIX}/index/basket`, 'compatIndexBasket', HOUR, [], {
    summary: 'Variant shape of /index/basket: {basket: [{slug, label}]}',
  }),
  // The variant states no cache value: the main /production's (a yearly dataset).
  route(`${COMPAT_PREFIX}/production`, 'compatListProduction', DAY, [400], {
    summary: 'Variant shape of /production: an array of {year, productName, quantityTons, source}',
  }),
  route(`${COMPAT_PREFIX}/markets`, 'compatListMarkets', HOUR, [400], {
    summary: 'Variant shape of /markets: an array of active markets, `city` by name or plate code',
  }),
];

/** A compatibility route by operation id. */
export function compatRouteSpec(operationId: string): RouteSpec {
  const r = COMPAT_ROUTES.find((x) => x.operationId === operationId);
  if (!r) throw new Error(`no compatibility route ${operationId}`);
  return r;
}
