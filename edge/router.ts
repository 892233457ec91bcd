/** Paths of the contract and of the compatibility prefix → handlers; cache values come from the shared route tables. */
import { MARKETS_PATH, OPENAPI_PATH, SEARCH_INDEX_PATH, SOURCES_STATUS_PATH } from '../core/objects.ts';
import { COMPAT_ROUTES } from '../core/compat/routes.ts';
import { PAGES, ROUTES, WIDGETS, type RouteSpec } from '../core/routes.ts';
import type { Answer, RouteContext } from './answer/context.ts';
import { ApiError } from './answer/errors.ts';
import { productAliases } from './routes/aliases.ts';
import { exportPrices } from './routes/export.ts';
import { productForecast } from './routes/forecast.ts';
import { health } from './routes/health.ts';
import { productHistory } from './routes/history.ts';
import { indexBasket, indexHistory, indexLatest, indexSeries } from './routes/basket-index.ts';
import { trendingPrices, weeklySummary } from './routes/movers.ts';
import { latestPrices } from './routes/latest.ts';
import { combinedSearch, productSearch } from './routes/search.ts';
import { getObservation } from './routes/observations.ts';
import { listPrices } from './routes/prices.ts';
import { listProducts } from './routes/products.ts';
import { listProduction } from './routes/production.ts';
import { COMPAT_HANDLERS } from './routes/compat/index.ts';
import { storedRoute } from './routes/stored.ts';
import { WIDGET_ROUTES } from './routes/widgets.ts';

type Handler = (ctx: RouteContext) => Promise<Answer>;

const HANDLERS: Record<string, Handler> = {
  listPrices,
  latestPrices,
  listMarketsLegacy: storedRoute(MARKETS_PATH),
  listMarkets: storedRoute(MARKETS_PATH),
  listProducts,
  getObservation,
  getOpenApi: storedRoute(OPENAPI_PATH),
  productHistory,
  exportPrices,
  searchProducts: productSearch,
  productAliases,
  search: combinedSearch,
  health,
  searchIndex: storedRoute(SEARCH_INDEX_PATH),
  sourcesStatus: storedRoute(SOURCES_STATUS_PATH),
  indexLatest,
  indexHistory,
  indexBasket,
  indexSeries,
  trendingPrices,
  weeklySummary,
  productForecast,
  listProduction,
  ...COMPAT_HANDLERS,
};

type Compiled = { spec: RouteSpec; pattern: RegExp; names: string[]; handler: Handler };

const COMPILED: Compiled[] = [...ROUTES, ...COMPAT_ROUTES].map((spec) => {
  const names: string[] = [];
  const source = spec.path.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const handler = HANDLERS[spec.operationId];
  if (!handler) throw new Error(`no handler for ${spec.operationId}`);
  return { spec, pattern: new RegExp(`^${source}$`), names, handler };
});

/** A path segment's percent-escapes decoded; one that is not UTF-8 (`%E0%A4%A`, `%zz`, `%ff`) is a bad request, not a crash. */
function decodePathParam(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: name,
      value: segment.slice(0, 64),
      expected: 'percent-encoded UTF-8',
    });
  }
}

export function matchRoute(
  path: string,
): { spec: RouteSpec; handler: Handler; pathParams: Record<string, string> } | null {
  for (const r of COMPILED) {
    const m = r.pattern.exec(path);
    if (m) {
      const pathParams = Object.fromEntries(r.names.map((n, i) => [n, decodePathParam(n, m[i + 1]!)]));
      return { spec: r.spec, handler: r.handler, pathParams };
    }
  }
  return null;
}

/** A human page (outside /api/v1) as a route: one stored HTML object, or a widget page rendered from the API's objects. */
export function matchPage(
  path: string,
): { spec: Pick<RouteSpec, 'cache' | 'conditional'>; handler: Handler; pathParams: Record<string, string> } | null {
  const page = PAGES.find((p) => p.path === path);
  if (page) return { spec: { cache: page.cache }, handler: storedRoute(page.key), pathParams: {} };
  const widget = WIDGETS.find((w) => w.path === path);
  return widget ? { spec: { cache: widget.cache }, handler: WIDGET_ROUTES[widget.widget], pathParams: {} } : null;
}
