/**
 * The gate a series passes before its forecast is published. First what the series must be
 * (checked without fitting anything): data, a source that has not stopped or frozen, enough
 * history, no long gap in the span the backtest reads. Then what the backtest must show: the model
 * beats the naive and the seasonal-naive forecasts on MASE, its MAPE is under MAX_MAPE, its recent
 * errors have not drifted above its whole-backtest errors, and its intervals covered what they claim.
 */
import { classByMissedDays, missedPublishingDays, type PublishingCalendar } from '../../core/calendar.ts';
import { dayToEpochDays, type Day } from '../../core/dates.ts';
import { FORECAST_REASONS } from '../../schemas/forecast.ts';
import { backtest, BACKTEST_LENGTH, type BacktestResult, type Fit } from './backtest.ts';
import { fitAndForecast } from './models.ts';
import {
  COVERAGE_RANGE,
  DRIFT_RATIO,
  FROZEN_RUN,
  HORIZON,
  MAX_GAP_DAYS,
  MAX_MAPE,
  MIN_SKILL,
  ORIGINS,
  TRAINING_WINDOW,
} from './rules.ts';

type Reason = (typeof FORECAST_REASONS)[number];

export type GateInput = {
  days: readonly Day[];
  values: readonly number[];
  /** the series' sources' calendar: its publishing weekdays are the seasonal period */
  calendar: PublishingCalendar;
  /** the build day: the last data day must not be stale on it */
  today: Day;
  /** the source says it prints the same list day after day */
  frozen: boolean;
};

export type Verdict = {
  reasons: Reason[];
  /** null when the series failed before the backtest ran */
  backtest: BacktestResult | null;
  /** the days of the span the backtest read (its origins index into it) */
  days: readonly Day[];
};

/** Values the backtest reads: the first origin's training window, the origins, the last one's actuals. */
const SPAN = TRAINING_WINDOW + ORIGINS + HORIZON;

function longestGap(days: readonly Day[]): number {
  let longest = 0;
  for (let i = 1; i < days.length; i++)
    longest = Math.max(longest, dayToEpochDays(days[i]!) - dayToEpochDays(days[i - 1]!));
  return longest;
}

function frozenAtEnd(values: readonly number[]): boolean {
  if (values.length < FROZEN_RUN) return false;
  const last = values[values.length - 1];
  return values.slice(-FROZEN_RUN).every((v) => v === last);
}

export function judge(input: GateInput, fit: Fit = fitAndForecast): Verdict {
  const days = input.days.slice(-SPAN);
  const values = input.values.slice(-SPAN);
  if (values.length === 0) return { reasons: ['no_data'], backtest: null, days };
  const before: Reason[] = [];
  // The age of the last data day, not the rows' freshness class: prices read from an archive are
  // `stale` rows, yet a series whose archive reaches the build day has not stopped.
  if (classByMissedDays(missedPublishingDays(input.calendar, days.at(-1)!, input.today)) === 'stale')
    before.push('stale_source');
  if (input.frozen || frozenAtEnd(values)) before.push('frozen_source');
  if (values.length < BACKTEST_LENGTH) before.push('too_little_history');
  if (longestGap(days) > MAX_GAP_DAYS) before.push('long_gap');
  if (before.length > 0) return { reasons: ordered(before), backtest: null, days };
  const result = backtest(values, input.calendar.publishingDays.size, fit);
  const { model, naive, seasonalNaive, coverage } = result.overall;
  const reasons: Reason[] = [];
  // One scale divides all three MAEs: comparing them is comparing the MASEs.
  if (!(model.mae <= (1 - MIN_SKILL) * naive.mae)) reasons.push('not_better_than_naive');
  if (!(model.mae <= (1 - MIN_SKILL) * seasonalNaive.mae)) reasons.push('not_better_than_seasonal_naive');
  if (!(model.mape < MAX_MAPE)) reasons.push('mape_above_threshold');
  if (result.recentMae > DRIFT_RATIO * model.mae) reasons.push('drift');
  if (coverage < COVERAGE_RANGE.min || coverage > COVERAGE_RANGE.max) reasons.push('intervals_miscalibrated');
  return { reasons: ordered(reasons), backtest: result, days };
}

/** In the order the schema lists them. */
const ordered = (reasons: Reason[]) => FORECAST_REASONS.filter((r) => reasons.includes(r));
