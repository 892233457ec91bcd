/** The compatibility prefix's operations (core/compat/routes.ts) in the OpenAPI document. */
import { COMPAT_INDEX_WEEKS } from '../../../core/compat/routes.ts';
import { CompatIndexBasket, CompatIndexHistory, CompatIndexLatest } from '../../../schemas/compat/basket-index.ts';
import { CompatForecast } from '../../../schemas/forecast.ts';
import { CompatMarkets } from '../../../schemas/compat/markets.ts';
import { CompatTrending, CompatWeeklySummary } from '../../../schemas/compat/movers.ts';
import { FORECAST_GATE, forecastSlugParameter, ForecastNotPublishable } from '../forecast.ts';
import { parameter, type OperationDocs } from '../parts.ts';

export const COMPAT_REST_DOCS: OperationDocs = {
  schemas: {
    compatTrendingPrices: CompatTrending,
    compatWeeklySummary: CompatWeeklySummary,
    compatProductForecast: CompatForecast,
    compatIndexLatest: CompatIndexLatest,
    compatIndexHistory: CompatIndexHistory,
    compatIndexBasket: CompatIndexBasket,
    compatListMarkets: CompatMarkets,
  },
  parameters: {
    compatProductForecast: [forecastSlugParameter('productSlug')],
    compatWeeklySummary: [
      parameter(
        'week',
        'ISO week YYYY-WW (Monday–Sunday, Europe/Istanbul). Default: the last completed week, as the main ' +
          '/prices/weekly-summary takes it (the newest closed week with data). Not a real ISO week → 400 ' +
          'INVALID_PARAMETER; a week without data → 200 with empty lists.',
        { type: 'string', pattern: '^\\d{4}-(0[1-9]|[1-4]\\d|5[0-3])$' },
      ),
    ],
    compatIndexHistory: [
      parameter(
        'weeks',
        `How many of the newest weeks with a value, oldest first. Default ${COMPAT_INDEX_WEEKS.default}; ` +
          `above ${COMPAT_INDEX_WEEKS.max} counts as ${COMPAT_INDEX_WEEKS.max}; not a whole number ≥ 1 → 400 ` +
          `INVALID_PARAMETER.`,
        { type: 'integer', minimum: 1, default: COMPAT_INDEX_WEEKS.default },
      ),
    ],
    compatListMarkets: [
      parameter(
        'city',
        'A province by name (Turkish letters and case folded: İzmir, izmir, IZMIR) or by plate code (35, 06 ' +
          'or 6 for Ankara). Absent or empty: every active market. A name without an active market → an empty ' +
          'array; a number that is no plate code 01–81 → 400 INVALID_PARAMETER.',
        { type: 'string' },
      ),
    ],
  },
  descriptions: {
    compatProductForecast:
      "Exactly the variant's keys {productSlug, predictions, validation}, with the main operation's figures " +
      '(no intervals, metrics, freshness block or attribution: /api/v1/prices/forecast/{slug} has them). ' +
      FORECAST_GATE,
  },
  errorSchemas: { compatProductForecast: { 422: ForecastNotPublishable } },
};
