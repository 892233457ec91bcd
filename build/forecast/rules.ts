/**
 * The forecast gate's constants: what a series must show before its forecast is published. The
 * OpenAPI document and docs/forecast.md quote them from here.
 */

/** Publishing days forecast, and the horizons the backtest validates (1 … HORIZON). */
export const HORIZON = 7;
/** Rolling origins of the backtest: the last this many publishing days that have HORIZON actuals after them. */
export const ORIGINS = 30;
/** Data days each fit sees at most (about half a year of a six-day week): older prices say little of next week's. */
export const TRAINING_WINDOW = 156;
/** Data days the first origin needs before it: the shortest series the gate evaluates is this + ORIGINS + HORIZON − 1. */
export const MIN_TRAINING = 60;
/** Level of the prediction intervals, and the share of backtest actuals they must cover. */
export const INTERVAL_LEVEL = 0.8;
export const COVERAGE_RANGE = { min: 0.7, max: 0.9 } as const;
/**
 * How much lower than each baseline's the model's MASE over the backtest must be (its skill, 1 −
 * model / baseline): a model that ties "the last price stays" adds nothing worth showing.
 */
export const MIN_SKILL = 0.01;
/** The model's MAPE over the backtest, in percent, must be below this. */
export const MAX_MAPE = 15;
/**
 * Drift: the model's mean absolute scaled error over the last DRIFT_ORIGINS origins must stay
 * within DRIFT_RATIO times its whole-backtest figure.
 */
export const DRIFT_ORIGINS = 7;
export const DRIFT_RATIO = 1.5;
/** The longest gap between consecutive data days (calendar days) the evaluated span may have: a nine-day bayram closure passes. */
export const MAX_GAP_DAYS = 10;
/** A source that printed the same price this many data days in a row is frozen. */
export const FROZEN_RUN = 10;
