/**
 * /prices/forecast/{slug} in the OpenAPI document: the answer, the 422 whose `details` is the
 * refusal, and the gate, described from the constants the gate itself reads (build/forecast/rules.ts).
 */
import { ErrorBody } from '../../schemas/common.ts';
import {
  ErrorFigures,
  Forecast,
  ForecastOrigins,
  ForecastReason,
  ForecastRefusal,
  ForecastValidation,
  HorizonMetrics,
} from '../../schemas/forecast.ts';
import {
  COVERAGE_RANGE,
  DRIFT_ORIGINS,
  DRIFT_RATIO,
  FROZEN_RUN,
  HORIZON,
  INTERVAL_LEVEL,
  MAX_GAP_DAYS,
  MAX_MAPE,
  MIN_SKILL,
  MIN_TRAINING,
  ORIGINS,
  TRAINING_WINDOW,
} from '../forecast/rules.ts';
import { parameter, type OperationDocs } from './parts.ts';

/** The error body of a refused forecast: every error's five keys, with the refusal as `error.details`. */
export const ForecastNotPublishable = ErrorBody.extend({
  error: ErrorBody.shape.error.extend({ details: ForecastRefusal }),
}).meta({
  id: 'ForecastNotPublishable',
  description: 'A forecast that is not published: the error body, with the reasons and the figures as `error.details`.',
});

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** What a forecast must show before it is published, for the main operation and the compatibility prefix's alike. */
export const FORECAST_GATE =
  `Experimental: a forecast of the variant's national indicator for its next ${HORIZON} publishing days ` +
  '(the weekdays its sources publish on, full holidays excepted), each with its date, computed by the build ' +
  'and shown only when a rolling-origin backtest passes the gate. Its origins are the last ' +
  `${ORIGINS} data days with ${HORIZON} actuals after them; from each, the model, fit on at most ` +
  `${TRAINING_WINDOW} data days up to that origin only, forecasts 1 to ${HORIZON} steps ahead, and so do two ` +
  'baselines: naive (the last price stays) and seasonal naive (the price one week of publishing days ' +
  "before). Published only when: the model's mean absolute scaled error (MASE) over the backtest is at " +
  `least ${percent(MIN_SKILL)} below each baseline's; its mean absolute percentage error is below ` +
  `${MAX_MAPE} %; its MASE over the last ${DRIFT_ORIGINS} origins is at most ${DRIFT_RATIO} times the ` +
  `whole backtest's (no drift); its ${percent(INTERVAL_LEVEL)} prediction intervals covered ` +
  `${percent(COVERAGE_RANGE.min)} to ${percent(COVERAGE_RANGE.max)} of the actuals; the series has at least ` +
  `${MIN_TRAINING + ORIGINS + HORIZON - 1} data days, no gap between data days above ${MAX_GAP_DAYS} ` +
  `calendar days, and its last ${FROZEN_RUN} prices are not all equal (a frozen series); its last data day is not stale (more than ` +
  'two publishing days behind the build day). Served on a later day than its build, a forecast whose last ' +
  'data day has become stale is refused too (reason stale_source). A refused series answers 422 ' +
  'FORECAST_NOT_PUBLISHABLE with its reasons, validation figures, per-horizon metrics and origins in ' +
  'error.details; a product family or any other slug that is no catalogue variant answers 404.';

/** The path slug of both forecast operations. */
export const forecastSlugParameter = (name: string) =>
  parameter(
    name,
    'Product variant slug (a product family has no forecast: 404), folded like a filter value (Turkish letters, ' +
      'case). A segment with no letter or digit, or a malformed percent-escape → 400 INVALID_PARAMETER.',
    { type: 'string' },
    true,
    'path',
  );

export const FORECAST_DOCS: OperationDocs = {
  schemas: { productForecast: Forecast },
  parameters: { productForecast: [forecastSlugParameter('slug')] },
  descriptions: { productForecast: FORECAST_GATE },
  errorSchemas: { productForecast: { 422: ForecastNotPublishable } },
  components: [ForecastRefusal, ForecastReason, ForecastValidation, HorizonMetrics, ErrorFigures, ForecastOrigins],
};
