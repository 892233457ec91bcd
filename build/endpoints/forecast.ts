/**
 * /prices/forecast/{slug}: for every variant of the catalogue, its forecast when the series passes
 * the gate (build/forecast/gate.ts), else its refusal with the reasons and the backtest's figures.
 * A forecast depends only on the store and the build day: computed here, served whole.
 */
import { compatForecastPath } from '../../core/compat/objects.ts';
import { nextPublishingDays } from '../../core/calendar.ts';
import { addDays, type Day } from '../../core/dates.ts';
import { FORECAST_OBJECTS } from '../../core/objects.ts';
import {
  CompatForecast,
  Forecast,
  ForecastRefusal,
  type ForecastRefusalT,
  type ForecastT,
} from '../../schemas/forecast.ts';
import type { Db } from '../../store/db.ts';
import type { BacktestResult, ErrorFigures } from '../forecast/backtest.ts';
import { judge } from '../forecast/gate.ts';
import { fitAndForecast } from '../forecast/models.ts';
import { HORIZON, INTERVAL_LEVEL, TRAINING_WINDOW } from '../forecast/rules.ts';
import { nationalSeries, seriesCalendar } from '../forecast/series.ts';
import { attributionOf, type Model } from '../model.ts';
import { nationalIndicators, type NationalIndicator } from '../national.ts';
import type { OutputWriter } from '../writer.ts';

/**
 * Calendar days of prices read before the build day: the backtest's span (about 193 data days) of
 * a six-day week with its holidays and gaps. A series with less is refused for too little history.
 */
const SERIES_LOOKBACK_DAYS = 400;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const figures = (f: ErrorFigures) => ({
  mae: round(f.mae, 2),
  mape: round(f.mape, 2),
  mase: f.mase === null ? null : round(f.mase, 3),
});

const METHODS = {
  'auto-ets': 'AutoETS (augurs) on log prices, without a season',
  'mstl-ets': 'MSTL (augurs) with a weekly season and an ETS trend, on log prices',
} as const;

function validationOf(result: BacktestResult | null, publishable: boolean) {
  return {
    modelMape: result ? round(result.overall.model.mape, 2) : null,
    baselineMape: result ? round(result.overall.naive.mape, 2) : null,
    publishable,
  };
}

function metricsOf(result: BacktestResult | null) {
  return (result?.horizons ?? []).map((h, i) => ({
    horizon: i + 1,
    model: figures(h.model),
    naive: figures(h.naive),
    seasonalNaive: figures(h.seasonalNaive),
    coverage: round(h.coverage, 3),
  }));
}

export type ForecastReport = { published: number; refused: number; fits: number };

export function writeForecasts(
  db: Db,
  model: Model,
  writer: OutputWriter,
  indicators: Map<string, NationalIndicator> = nationalIndicators(db, model),
): ForecastReport {
  const all = nationalSeries(db, model, addDays(model.today, -SERIES_LOOKBACK_DAYS));
  const report: ForecastReport = { published: 0, refused: 0, fits: 0 };
  for (const slug of [...model.variants.keys()].sort()) {
    const series = all.get(slug);
    const indicator = indicators.get(slug);
    const calendar = seriesCalendar(model, series);
    const freshness = indicator?.freshness;
    const verdict = judge({
      days: series?.days ?? [],
      values: series?.values ?? [],
      calendar,
      today: model.today,
      frozen: freshness?.warnings.includes('source_frozen') ?? false,
    });
    const result = verdict.backtest;
    if (result) report.fits += result.origins.length;
    const origins = result && {
      count: result.origins.length,
      first: verdict.days[result.origins[0]!]!,
      last: verdict.days[result.origins.at(-1)!]!,
    };
    if (verdict.reasons.length > 0 || !series || !freshness || !origins) {
      const refusal: ForecastRefusalT = {
        productSlug: slug,
        reasons: verdict.reasons,
        validation: validationOf(result, false),
        metrics: metricsOf(result),
        origins: origins ?? null,
        lastDataDay: series?.days.at(-1) ?? null,
        dataDays: series?.days.length ?? 0,
      };
      writer.writeJson(FORECAST_OBJECTS.refused(slug), ForecastRefusal.parse(refusal));
      report.refused++;
      continue;
    }
    const last = series.days.at(-1) as Day;
    const f = fitAndForecast(series.values.slice(-TRAINING_WINDOW), calendar.publishingDays.size, HORIZON);
    report.fits++;
    const dates = nextPublishingDays(calendar, last, HORIZON);
    const forecast: ForecastT = {
      productSlug: slug,
      predictions: dates.map((date, i) => ({ date, predicted: round(f.point[i]!, 2) })),
      validation: validationOf(result, true),
      horizon: HORIZON,
      method: METHODS[f.method],
      intervals: {
        level: INTERVAL_LEVEL,
        lower: f.lower.map((v) => round(v, 2)),
        upper: f.upper.map((v) => round(v, 2)),
      },
      metrics: metricsOf(result),
      origins,
      dataDays: series.days.length,
      ...freshness,
      attribution: attributionOf(model, series.sources),
    };
    const parsed = Forecast.parse(forecast);
    writer.writeJson(FORECAST_OBJECTS.published(slug), parsed);
    writer.writeJson(
      compatForecastPath(slug),
      CompatForecast.parse({
        productSlug: parsed.productSlug,
        predictions: parsed.predictions,
        validation: parsed.validation,
      }),
    );
    report.published++;
  }
  return report;
}
