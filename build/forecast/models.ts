/**
 * The forecasting model, from augurs (Rust compiled to WebAssembly: the AutoETS of statsforecast
 * and MSTL): fitted on log prices, so that intervals are multiplicative and no forecast falls to
 * zero or below. Which model a fit uses is decided from its training data alone: MSTL with an ETS
 * trend when the series shows a weekly pattern (seasonal strength at least SEASONAL_STRENGTH),
 * else AutoETS without a season (augurs' ETS has no seasonal component).
 */
import { AutoETS, initSync as initEts } from '@bsull/augurs/ets';
import { ets as mstlEts, initSync as initMstl } from '@bsull/augurs/mstl';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { INTERVAL_LEVEL } from './rules.ts';

/** Hyndman and Athanasopoulos's seasonal strength scale: 0 none, 1 all of the detrended variation. */
export const SEASONAL_STRENGTH = 0.64;

export type ModelForecast = { point: number[]; lower: number[]; upper: number[]; method: 'mstl-ets' | 'auto-ets' };

let ready = false;
function ensureReady(): void {
  if (ready) return;
  // The package exports its modules, not their .wasm files: those sit beside them.
  const dir = dirname(createRequire(import.meta.url).resolve('@bsull/augurs/ets'));
  initEts({ module: readFileSync(join(dir, 'ets_bg.wasm')) });
  initMstl({ module: readFileSync(join(dir, 'mstl_bg.wasm')) });
  ready = true;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length;
};

/**
 * Share of the detrended variation that the season position explains: the trend is a centred
 * moving average over one season (2×season for an even one), the seasonal part each position's
 * mean of the detrended values; strength = max(0, 1 − var(remainder) / var(detrended)).
 */
export function seasonalStrength(values: readonly number[], season: number): number {
  if (season < 2 || values.length < 3 * season) return 0;
  const half = season >> 1;
  const detrended: number[] = [];
  const positions: number[] = [];
  for (let t = half; t < values.length - half; t++) {
    let trend: number;
    if (season % 2) trend = mean(values.slice(t - half, t + half + 1));
    else
      trend =
        (values.slice(t - half + 1, t + half).reduce((a, b) => a + b, 0) +
          (values[t - half]! + values[t + half]!) / 2) /
        season;
    detrended.push(values[t]! - trend);
    positions.push(t % season);
  }
  const byPosition = new Map<number, number[]>();
  detrended.forEach((d, i) => {
    const list = byPosition.get(positions[i]!);
    if (list) list.push(d);
    else byPosition.set(positions[i]!, [d]);
  });
  const seasonal = new Map([...byPosition].map(([p, ds]) => [p, mean(ds)]));
  const remainder = detrended.map((d, i) => d - seasonal.get(positions[i]!)!);
  const total = variance(detrended);
  return total === 0 ? 0 : Math.max(0, 1 - variance(remainder) / total);
}

/** The next `horizon` values of a positive series with their INTERVAL_LEVEL intervals. */
export function fitAndForecast(values: readonly number[], season: number, horizon: number): ModelForecast {
  ensureReady();
  const logs = values.map(Math.log);
  const seasonal = seasonalStrength(logs, season) >= SEASONAL_STRENGTH;
  const model = seasonal ? mstlEts([season]) : new AutoETS(1, 'ZZN');
  try {
    model.fit(logs);
    const f = model.predict(horizon, INTERVAL_LEVEL);
    if (!f.intervals) throw new Error('augurs returned no intervals');
    return {
      point: f.point.map(Math.exp),
      lower: f.intervals.lower.map(Math.exp),
      upper: f.intervals.upper.map(Math.exp),
      method: seasonal ? 'mstl-ets' : 'auto-ets',
    };
  } finally {
    model.free();
  }
}
