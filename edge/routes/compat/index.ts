/** The compatibility prefix's handlers (core/compat/routes.ts), by operation id. */
import type { Answer, RouteContext } from '../../answer/context.ts';
import { compatIndexBasket, compatIndexHistory, compatIndexLatest } from './basket-index.ts';
import { compatExportPrices } from './export.ts';
import { compatProductForecast } from './forecast.ts';
import { compatProductHistory } from './history.ts';
import { compatListMarkets } from './markets.ts';
import { compatListProduction } from './production.ts';
import { compatTrendingPrices, compatWeeklySummary } from './movers.ts';
import { compatListPrices } from './prices.ts';

export const COMPAT_HANDLERS: Record<string, (ctx: RouteContext) => Promise<Answer>> = {
  compatListPrices,
  compatProductHistory,
  compatExportPrices,
  compatTrendingPrices,
  compatWeeklySummary,
  compatProductForecast,
  compatIndexLatest,
  compatIndexHistory,
  compatIndexBasket,
  compatListMarkets,
  compatListProduction,
};
