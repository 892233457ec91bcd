/**
 * The object paths of a build: the build writes them (build/endpoints/*) and the edge reads
 * them (edge/routes/*), so each is spelled here once and both sides import it. Collection
 * directories and partitions are in core/collection-keys.ts, evidence shards in
 * core/observation-id.ts.
 */

const API = 'api/v1/';
const META = `${API}_meta/`;

/** What the edge reads to answer, never sends whole (core/encodings.ts). */
export const BUILD_RECORD_PATH = `${META}build.json`;
export const CALENDARS_PATH = `${META}calendars.json`;
export const SEARCH_DATA_PATH = `${META}search.json`;
export const LATEST_ROWS_PATH = `${META}latest-rows.ndjson`;
export const LATEST_MARKETS_PATH = `${META}latest-markets.json`;

/** Responses stored whole. */
export const MARKETS_PATH = `${API}markets.json`;
export const OPENAPI_PATH = `${API}openapi.json`;
export const SEARCH_INDEX_PATH = `${API}search-index.json`;
export const SOURCES_STATUS_PATH = `${API}sources/status.json`;
/** Rewritten by its route (a late build re-ages it). */
export const HEALTH_PATH = `${API}health.json`;

/** The weekly basket price index (build/endpoints/basket-index.ts). */
export const BASKET_INDEX_OBJECTS = {
  latest: `${API}index/latest.json`,
  basket: `${API}index/basket.json`,
  /** The national index week by week: as priced, and deflated by the CPI. */
  history: { nominal: `${API}index/history.json`, real: `${API}index/history-real.json` },
  /** A published index's series. */
  series: (slug: string): string => `${API}index/series/${slug}.json`,
  /** An index defined but not published: why (the edge answers 409). */
  unpublished: (slug: string): string => `${API}index/unpublished/${slug}.json`,
} as const;

/** The newest national prices: all of them, and per product or category. */
export const LATEST_PATH = `${API}prices/latest.json`;
export const latestGroupPath = (dimension: 'product' | 'category', slug: string): string =>
  `${API}prices/latest/${dimension}/${slug}.json`;

/** The ranked movers (its route cuts the list to `limit`). */
export const TRENDING_PATH = `${API}prices/trending.json`;

/** The newest closed week's summary, and one per week (`YYYY-WW`). */
export const NEWEST_WEEKLY_SUMMARY_PATH = `${API}prices/weekly-summary.json`;
const WEEKLY_SUMMARY_PREFIX = `${API}prices/weekly-summary/`;
export const weeklySummaryPath = (week: string): string => `${WEEKLY_SUMMARY_PREFIX}${week}.json`;
/** The week of a per-week summary's path; null for any other path. */
export function weekOfSummaryPath(path: string): string | null {
  return path.startsWith(WEEKLY_SUMMARY_PREFIX) ? path.slice(WEEKLY_SUMMARY_PREFIX.length, -'.json'.length) : null;
}

/**
 * A product variant's forecast (build/endpoints/forecast.ts): published when its backtest passed
 * the gate; otherwise the refusal, whose reasons and figures the edge sends in a 422.
 */
export const FORECAST_OBJECTS = {
  published: (slug: string): string => `${API}prices/forecast/${slug}.json`,
  refused: (slug: string): string => `${API}prices/forecast/refused/${slug}.json`,
} as const;

/** The names the sources print for a product. */
export const aliasesPath = (slug: string): string => `${API}products/${slug}/aliases.json`;

/** Human pages and their assets (build/pages/, public/); core/routes.ts PAGES maps them to their paths. */
export const PAGES_PREFIX = 'pages/';
export const DATA_HEALTH_PAGE_PATH = `${PAGES_PREFIX}data-health.html`;
export const API_POLICY_PAGE_PATH = `${PAGES_PREFIX}api-policy.html`;

/** The build's list of its objects and their hashes, written beside them. */
export const MANIFEST_FILE = 'manifest.json';
