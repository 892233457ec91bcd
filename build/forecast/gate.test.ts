import { describe, expect, it } from 'vitest';
import { nextPublishingDays, type PublishingCalendar } from '../../core/calendar.ts';
import { addDays, type Day } from '../../core/dates.ts';
import type { Fit } from './backtest.ts';
import { judge } from './gate.ts';
import { fitAndForecast, SEASONAL_STRENGTH, seasonalStrength } from './models.ts';

const SIX_DAYS: PublishingCalendar = { publishingDays: new Set([1, 2, 3, 4, 5, 6]), holidays: new Set() };

/** A seeded generator (mulberry32) and normal draws from it (Box–Muller): the same series every run. */
function randomOf(seed: number) {
  let a = seed;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** `n` publishing days of a Monday–Saturday source, the last one the day before `today`. */
function publishingDays(n: number, today: Day): Day[] {
  const days: Day[] = [];
  let d = addDays(today, -1);
  while (days.length < n) {
    if (nextPublishingDays(SIX_DAYS, addDays(d, -1), 1)[0] === d) days.unshift(d);
    d = addDays(d, -1);
  }
  return days;
}

const TODAY = '2026-07-24';
const gate = (values: number[], today = TODAY, days = publishingDays(values.length, TODAY)) =>
  judge({ days, values, calendar: SIX_DAYS, today, frozen: false });

describe('the forecast gate on series whose answer is known', () => {
  /** Saturdays dear, Mondays cheap (±12 % around 40 TL), a slowly wandering level, 2 % noise. */
  function weekly(seed: number): number[] {
    const noise = randomOf(seed);
    const pattern = [-0.12, -0.04, 0, 0.03, 0.05, 0.08];
    let level = 40;
    return Array.from(
      { length: 200 },
      (_, t) => (level *= Math.exp(0.01 * noise())) * (1 + pattern[t % 6]!) * (1 + 0.02 * noise()),
    );
  }

  it('a clear weekly pattern with noise: the seasonal model beats both baselines, whatever the draw', () => {
    for (const seed of [7, 8, 9, 10]) {
      const values = weekly(seed);
      expect(seasonalStrength(values.map(Math.log), 6)).toBeGreaterThan(SEASONAL_STRENGTH);
      const verdict = gate(values);
      expect(verdict.reasons).not.toContain('not_better_than_naive');
      expect(verdict.reasons).not.toContain('not_better_than_seasonal_naive');
      const { model, naive, seasonalNaive } = verdict.backtest!.overall;
      expect(model.mase!).toBeLessThan(0.8 * naive.mase!);
      expect(model.mase!).toBeLessThan(seasonalNaive.mase!);
      // Last week's price knows the pattern that yesterday's does not.
      expect(seasonalNaive.mase!).toBeLessThan(naive.mase!);
      expect(verdict.backtest!.methods).toEqual({ 'mstl-ets': 30, 'auto-ets': 0 });
    }
  });

  it('publishes such a series when its intervals also held in the backtest', () => {
    const verdict = gate(weekly(9));
    expect(verdict.reasons).toEqual([]);
    expect(verdict.backtest!.overall.coverage).toBeGreaterThanOrEqual(0.7);
    expect(verdict.backtest!.overall.coverage).toBeLessThanOrEqual(0.9);
    // Another draw of the same process whose intervals covered too little is refused for it alone.
    expect(gate(weekly(8)).reasons).toEqual(['intervals_miscalibrated']);
  });

  it('refuses a random walk: nothing forecasts it better than its last price', () => {
    const step = randomOf(11);
    let price = 25;
    const values = Array.from({ length: 200 }, () => (price *= Math.exp(0.03 * step())));
    const verdict = gate(values);
    expect(verdict.reasons).toContain('not_better_than_naive');
    expect(verdict.backtest!.overall.model.mae).toBeGreaterThanOrEqual(verdict.backtest!.overall.naive.mae);
  });

  it('refuses a model that only ties the last price, however well its intervals hold', () => {
    const step = randomOf(13);
    let price = 25;
    const values = Array.from({ length: 200 }, () => (price *= Math.exp(0.03 * step())));
    const lastPrice: Fit = (training, _season, horizon) => {
      const last = training.at(-1)!;
      return {
        point: Array(horizon).fill(last),
        lower: Array(horizon).fill(0),
        upper: Array(horizon).fill(1e9),
        method: 'auto-ets',
      };
    };
    const verdict = judge(
      { days: publishingDays(200, TODAY), values, calendar: SIX_DAYS, today: TODAY, frozen: false },
      lastPrice,
    );
    expect(verdict.backtest!.overall.model.mae).toBe(verdict.backtest!.overall.naive.mae);
    expect(verdict.reasons).toContain('not_better_than_naive');
  });

  it('refuses a series whose source stopped, however good its history', () => {
    const pattern = [-0.12, -0.04, 0, 0.03, 0.05, 0.08];
    const values = Array.from({ length: 200 }, (_, t) => 40 * (1 + pattern[t % 6]!));
    // The same series judged ten publishing days after its last data day.
    const verdict = gate(values, addDays(TODAY, 12));
    expect(verdict.reasons).toContain('stale_source');
    expect(verdict.backtest).toBeNull();
    // Two missed publishing days are a delay, not a stop.
    expect(gate(values, addDays(TODAY, 2)).reasons).not.toContain('stale_source');
  });

  it('refuses a series with too little history, before fitting anything', () => {
    const noise = randomOf(3);
    const verdict = gate(Array.from({ length: 80 }, () => 30 * (1 + 0.05 * noise())));
    expect(verdict.reasons).toEqual(['too_little_history']);
    expect(verdict.backtest).toBeNull();
    expect(gate([]).reasons).toEqual(['no_data']);
  });

  it('refuses a frozen series and one with a long gap', () => {
    const noise = randomOf(5);
    const moving = Array.from({ length: 200 }, () => 30 * (1 + 0.05 * noise()));
    expect(gate([...moving.slice(0, 190), ...Array(10).fill(31)]).reasons).toContain('frozen_source');
    const days = publishingDays(200, TODAY).map((d, i) => (i < 100 ? addDays(d, -12) : d));
    expect(gate(moving, TODAY, days).reasons).toContain('long_gap');
  });
});

describe('the models', () => {
  it('give the same numbers for the same series, whatever was fitted before (the build is reproducible)', () => {
    const noise = randomOf(21);
    let price = 30;
    const walk = Array.from({ length: 156 }, () => (price *= Math.exp(0.02 * noise())));
    const weeklyValues = Array.from({ length: 156 }, (_, t) => 40 * (1 + [-0.1, 0, 0, 0, 0.05, 0.1][t % 6]!));
    const first = [fitAndForecast(walk, 6, 7), fitAndForecast(weeklyValues, 6, 7)];
    const again = [fitAndForecast(weeklyValues, 6, 7), fitAndForecast(walk, 6, 7)].reverse();
    expect(again).toEqual(first);
    expect(first.map((f) => f.method)).toEqual(['auto-ets', 'mstl-ets']);
  });
});
