/**
 * The rolling-origin backtest: from each of the last ORIGINS origins, the model is fitted on the
 * data up to that origin only (at most TRAINING_WINDOW data days) and forecasts 1 … HORIZON data
 * days ahead; the two baselines forecast from the same origins:
 *   naive           the price at the origin stays
 *   seasonal naive  the price one season (the series' publishing days per week) before the target,
 *                   taken from the last season up to the origin
 * Errors are on prices (not logs). MASE divides by the mean absolute day-to-day change of the
 * training data before the first origin: the naive one-step error in-sample, one scale for all
 * three forecasters, so comparing their MASE compares their MAE.
 */
import { fitAndForecast, type ModelForecast } from './models.ts';
import { DRIFT_ORIGINS, HORIZON, MIN_TRAINING, ORIGINS, TRAINING_WINDOW } from './rules.ts';

export type Fit = (training: readonly number[], season: number, horizon: number) => ModelForecast;

/** Sums of one forecaster's errors at one horizon (or over all of them). */
class ErrorSums {
  count = 0;
  absolute = 0;
  percentage = 0;

  add(forecast: number, actual: number): void {
    const e = Math.abs(forecast - actual);
    this.count++;
    this.absolute += e;
    this.percentage += (100 * e) / actual;
  }

  figures(scale: number): ErrorFigures {
    const mae = this.absolute / this.count;
    return { mae, mape: this.percentage / this.count, mase: scale > 0 ? mae / scale : null };
  }
}

export type ErrorFigures = { mae: number; mape: number; mase: number | null };
type Forecasters = { model: ErrorSums; naive: ErrorSums; seasonalNaive: ErrorSums };
const forecasters = (): Forecasters => ({
  model: new ErrorSums(),
  naive: new ErrorSums(),
  seasonalNaive: new ErrorSums(),
});

export type BacktestResult = {
  /** index of each origin's last training value, oldest first */
  origins: number[];
  horizons: { model: ErrorFigures; naive: ErrorFigures; seasonalNaive: ErrorFigures; coverage: number }[];
  overall: { model: ErrorFigures; naive: ErrorFigures; seasonalNaive: ErrorFigures; coverage: number };
  /** the model's MAE over the last DRIFT_ORIGINS origins */
  recentMae: number;
  scale: number;
  /** how many origins used each model */
  methods: Record<ModelForecast['method'], number>;
};

/** Values the backtest needs: the first origin's training, then ORIGINS origins with HORIZON actuals after the last. */
export const BACKTEST_LENGTH = MIN_TRAINING + ORIGINS + HORIZON - 1;

export function backtest(values: readonly number[], season: number, fit: Fit = fitAndForecast): BacktestResult {
  const n = values.length;
  if (n < BACKTEST_LENGTH) throw new Error(`a backtest needs ${BACKTEST_LENGTH} values, the series has ${n}`);
  const origins = Array.from({ length: ORIGINS }, (_, i) => n - HORIZON - ORIGINS + i);
  const first = origins[0]!;
  const scaleFrom = Math.max(1, first - TRAINING_WINDOW + 1);
  let changes = 0;
  for (let t = scaleFrom; t <= first; t++) changes += Math.abs(values[t]! - values[t - 1]!);
  const scale = changes / (first - scaleFrom + 1);
  const perHorizon = Array.from({ length: HORIZON }, forecasters);
  const covered = new Array<number>(HORIZON).fill(0);
  const all = forecasters();
  const recent = new ErrorSums();
  const methods = { 'mstl-ets': 0, 'auto-ets': 0 };
  origins.forEach((o, i) => {
    const f = fit(values.slice(Math.max(0, o - TRAINING_WINDOW + 1), o + 1), season, HORIZON);
    methods[f.method]++;
    for (let h = 1; h <= HORIZON; h++) {
      const actual = values[o + h]!;
      const seasonal = values[o + h - season * Math.ceil(h / season)]!;
      const predicted = { model: f.point[h - 1]!, naive: values[o]!, seasonalNaive: seasonal };
      for (const k of ['model', 'naive', 'seasonalNaive'] as const) {
        perHorizon[h - 1]![k].add(predicted[k], actual);
        all[k].add(predicted[k], actual);
      }
      if (i >= ORIGINS - DRIFT_ORIGINS) recent.add(predicted.model, actual);
      if (f.lower[h - 1]! <= actual && actual <= f.upper[h - 1]!) covered[h - 1]!++;
    }
  });
  const figures = (s: Forecasters) => ({
    model: s.model.figures(scale),
    naive: s.naive.figures(scale),
    seasonalNaive: s.seasonalNaive.figures(scale),
  });
  return {
    origins,
    horizons: perHorizon.map((s, h) => ({ ...figures(s), coverage: covered[h]! / ORIGINS })),
    overall: { ...figures(all), coverage: covered.reduce((a, b) => a + b, 0) / (ORIGINS * HORIZON) },
    recentMae: recent.absolute / recent.count,
    scale,
    methods,
  };
}
