/**
 * /prices/forecast/{slug}: a 7-publishing-day forecast of a product variant's national indicator,
 * published only when its rolling-origin backtest passes the gate (build/forecast/gate.ts). The
 * variant's keys come first (productSlug, predictions, validation); the main contract appends the
 * horizon, the intervals, the per-horizon metrics, the origins, the freshness block and attribution.
 * A series that fails the gate is answered 422 with a `ForecastRefusal` as the error's details.
 */
import { z } from 'zod';
import { Attribution, Day, freshnessShape, Slug } from './common.ts';

export const FORECAST_REASONS = [
  'no_data',
  'too_little_history',
  'long_gap',
  'frozen_source',
  'stale_source',
  'not_better_than_naive',
  'not_better_than_seasonal_naive',
  'mape_above_threshold',
  'drift',
  'intervals_miscalibrated',
] as const;
export const ForecastReason = z.enum(FORECAST_REASONS).meta({
  id: 'ForecastReason',
  description:
    'Why a series is not forecast: no_data, too_little_history, long_gap (a gap between data days above the limit), frozen_source (the same price printed day after day), stale_source (the last data day is stale on the build day), not_better_than_naive / not_better_than_seasonal_naive (mean absolute scaled error over the backtest), mape_above_threshold, drift (the recent origins err more than the whole backtest), intervals_miscalibrated (80 % intervals covered outside 70–90 % of the actuals)',
});

const Percent = z.number().min(0).meta({ description: 'Mean absolute percentage error, in percent (2 decimals)' });

export const ErrorFigures = z
  .strictObject({
    mae: z.number().min(0).meta({ description: 'Mean absolute error, in the unit price (TRY)' }),
    mape: Percent,
    mase: z.number().min(0).nullable().meta({
      description:
        'Mean absolute scaled error: the MAE divided by the mean absolute day-to-day change of the training data before the first origin (null when that change is 0: a frozen series)',
    }),
  })
  .meta({ id: 'ForecastErrorFigures' });

export const HorizonMetrics = z
  .strictObject({
    horizon: z.int().min(1).meta({ description: 'Steps ahead, in publishing days (1 = the next publishing day)' }),
    model: ErrorFigures,
    naive: ErrorFigures.meta({ description: 'The last price before the origin stays' }),
    seasonalNaive: ErrorFigures.meta({ description: 'The price of the same weekday one week before' }),
    coverage: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "Share of the backtest's actuals inside the model's interval at this horizon" }),
  })
  .meta({ id: 'ForecastHorizonMetrics' });

export const ForecastValidation = z
  .strictObject({
    modelMape: Percent.nullable(),
    baselineMape: Percent.nullable().meta({ description: "The naive baseline's MAPE over the same origins" }),
    publishable: z.boolean(),
  })
  .meta({
    id: 'ForecastValidation',
    description: 'Over every origin and horizon of the backtest; null when the backtest did not run',
  });

export const ForecastOrigins = z
  .strictObject({
    count: z.int().min(1),
    first: Day.meta({ description: 'Data day of the first origin (the last day the model saw)' }),
    last: Day,
  })
  .meta({ id: 'ForecastOrigins' });

export const Forecast = z
  .strictObject({
    productSlug: Slug,
    predictions: z.array(z.strictObject({ date: Day, predicted: z.number().positive() })),
    validation: ForecastValidation,
    horizon: z.int().min(1).meta({ description: 'Publishing days forecast (7)' }),
    method: z.string().meta({ description: 'The model and how it was chosen for this series' }),
    intervals: z
      .strictObject({
        level: z.number().min(0).max(1),
        lower: z.array(z.number().positive()),
        upper: z.array(z.number().positive()),
      })
      .meta({ description: 'Prediction interval of each prediction, in its order' }),
    metrics: z.array(HorizonMetrics),
    origins: ForecastOrigins,
    dataDays: z.int().min(0).meta({
      description: 'Data days of the series in the 400 calendar days before the build day (what the build reads)',
    }),
    ...freshnessShape,
    attribution: Attribution,
  })
  .meta({
    id: 'Forecast',
    description:
      "An experimental forecast of the variant's national indicator (the median of the markets' prices) for its next publishing days, shown only because its backtest passed the gate",
  });
export type ForecastT = z.infer<typeof Forecast>;

/** What the build keeps of a series that failed the gate: the details of its 422. */
export const ForecastRefusal = z
  .strictObject({
    productSlug: Slug,
    reasons: z.array(ForecastReason).min(1),
    validation: ForecastValidation,
    metrics: z.array(HorizonMetrics),
    origins: ForecastOrigins.nullable(),
    lastDataDay: Day.nullable(),
    dataDays: z.int().min(0).meta({
      description: 'Data days of the series in the 400 calendar days before the build day (what the build reads)',
    }),
  })
  .meta({ id: 'ForecastRefusal' });
export type ForecastRefusalT = z.infer<typeof ForecastRefusal>;

/** The compatibility prefix's forecast: exactly the variant's keys. */
export const CompatForecast = z
  .strictObject({
    productSlug: Slug,
    predictions: z.array(z.strictObject({ date: Day, predicted: z.number() })),
    validation: z.strictObject({ modelMape: z.number(), baselineMape: z.number(), publishable: z.boolean() }),
  })
  .meta({ id: 'CompatForecast' });
