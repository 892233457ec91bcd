/**
 * The object paths of the compatibility prefix (core/compat/routes.ts) that the build writes
 * (build/endpoints/compat/*) and the edge reads (edge/routes/compat/*), each spelled once.
 * They sit beside the main objects under api/v1/compat/, in the variant's shapes.
 */

const COMPAT = 'api/v1/compat/';

/** The whole ranked trending list as a bare array (its route cuts it to `limit`). */
export const COMPAT_TRENDING_PATH = `${COMPAT}prices/trending.json`;

/**
 * The national basket index: the newest week, and every week with a value oldest first (its route
 * keeps the last `weeks`), and the basket.
 */
export const COMPAT_INDEX_LATEST_PATH = `${COMPAT}index/latest.json`;
export const COMPAT_INDEX_HISTORY_PATH = `${COMPAT}index/history.json`;
export const COMPAT_INDEX_BASKET_PATH = `${COMPAT}index/basket.json`;

/** The active markets as a bare array (its route filters by `city`). */
export const COMPAT_MARKETS_PATH = `${COMPAT}markets.json`;

/** A published forecast in the variant's keys (a refused one is answered from the main refusal object). */
export const compatForecastPath = (slug: string): string => `${COMPAT}prices/forecast/${slug}.json`;
